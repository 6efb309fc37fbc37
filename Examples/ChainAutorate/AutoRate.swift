import ChainClient
import Foundation

/// What the handler decides: a rating per image and the menu's validation, as autorate.py's.
enum AutoRate {
    static let action = "autoRate"
    static let responder = "main/grid"
    static let gridWindow = "main"

    /// A stand-in for real judgement (sharpness, faces, …): 1-5 stars, the same every time.
    static func rating(for image: String) -> Int {
        1 + Int(CRC32.checksum(Array(image.utf8)) % 5)
    }

    /// What the menu should show for a grid selection of `count` images.
    static func validation(forSelectionCount count: Int) -> RemoteValidation {
        if count == 0 { return RemoteValidation(enabled: false, state: "off", title: "Auto Rate") }
        return RemoteValidation(enabled: true, state: "off", title: "Auto Rate \(count) Image\(count == 1 ? "" : "s")")
    }

    static func selectionCount(_ session: SessionState) -> Int {
        session.window(gridWindow)?.grid?.selectionCount ?? 0
    }

    /// The changes answering `invocation`: a rating per image its context lists (at most 1,000).
    static func changes(for invocation: Invocation) -> [ImageChange] {
        invocation.context.selection.prefix(1000).map { ImageChange(image: $0, rating: rating(for: $0)) }
    }
}
