import ChainModel
import ChainTestSupport
import Foundation
import Testing

@testable import ChainSidecars

struct XMPSidecarStoreTests {
    private let store = XMPSidecarStore()

    private func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func writesASidecarNamedAsDarktableNamesItAndReadsItBack() throws {
        try TemporaryDirectory.with { folder in
            let image = folder + "/DSC_0001.NEF"
            try store.write(AttributeValues.of(4, .green, .pick), besides: image)
            let sidecar = folder + "/DSC_0001.NEF.xmp"
            #expect(FileManager.default.fileExists(atPath: sidecar))
            let xml = try text(sidecar)
            #expect(xml.contains("<x:xmpmeta"))
            #expect(!xml.contains("<?xpacket"))
            #expect(try store.values(besides: image) == AttributeValues.of(4, .green, .pick))
            // Only the sidecar is left in the folder: no temporary file.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["DSC_0001.NEF.xmp"])
        }
    }

    @Test func rewritingChangesOnlyOurFieldsAndKeepsAnotherEditorsContent() throws {
        try TemporaryDirectory.with { folder in
            let image = folder + "/IMG_7.CR3"
            let darktable = """
                <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="XMP Core 4.4.0-Exiv2">
                 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                  <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
                    xmlns:darktable="http://darktable.sf.net/" xmlns:dc="http://purl.org/dc/elements/1.1/"
                   xmp:Rating="1" xmp:Label="Blue" darktable:history_end="3">
                   <dc:subject><rdf:Bag><rdf:li>wedding</rdf:li></rdf:Bag></dc:subject>
                  </rdf:Description>
                 </rdf:RDF>
                </x:xmpmeta>
                """
            try TemporaryDirectory.write(Array(darktable.utf8), to: image + ".xmp")
            #expect(try store.values(besides: image) == {
                var read = AttributeValues()
                read[Rating.self] = Rating(1)
                read[ColorLabel.self] = .blue
                return read
            }())
            try store.write(AttributeValues.of(5, .none, .reject), besides: image)
            let xml = try text(image + ".xmp")
            #expect(xml.contains("history_end"))
            #expect(xml.contains("wedding"))
            #expect(!xml.contains("Blue"))
            #expect(try store.values(besides: image) == AttributeValues.of(5, .none, .reject).with(label: nil, flag: .reject))
        }
    }

    @Test func readsLightroomsSidecarNameWhenDarktablesIsAbsent() throws {
        try TemporaryDirectory.with { folder in
            let lightroom = """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="3" xmp:Label="Red"/>
                </rdf:RDF></x:xmpmeta>
                """
            try TemporaryDirectory.write(Array(lightroom.utf8), to: folder + "/DSC_0002.xmp")
            #expect(try store.values(besides: folder + "/DSC_0002.ARW")?[Rating.self] == Rating(3))
            #expect(try store.values(besides: folder + "/DSC_0002.ARW")?[ColorLabel.self] == .red)
            #expect(try store.values(besides: folder + "/DSC_0003.ARW") == nil)
        }
    }

    @Test func aSidecarExempiCannotParseIsLeftAloneAndTheWriteFails() throws {
        try TemporaryDirectory.with { folder in
            let image = folder + "/broken.jpg"
            try TemporaryDirectory.write(Array("not xml at all <<<".utf8), to: image + ".xmp")
            #expect(throws: SidecarError.self) { try store.write(AttributeValues.of(2, .red, .none), besides: image) }
            #expect(try text(image + ".xmp") == "not xml at all <<<")
            #expect(throws: SidecarError.self) { try store.values(besides: image) }
        }
    }

    @Test func aFolderThatIsGoneFailsTheWriteWithItsReason() throws {
        let error = #expect(throws: SidecarError.self) {
            try store.write(AttributeValues.of(2, .red, .none), besides: "/nonexistent-\(UUID().uuidString)/a.jpg")
        }
        #expect(error.map { "\($0)" }?.contains("No such file or directory") == true)
    }

    @Test func exiftoolReadsTheSidecar() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool") else {
            Issue.record("exiftool is not installed (make test-deps installs libimage-exiftool-perl)")
            return
        }
        try TemporaryDirectory.with { folder in
            let image = folder + "/DSC_0009.NEF"
            try store.write(AttributeValues.of(5, .yellow, .none), besides: image)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            process.arguments = ["-s", "-XMP:Rating", "-XMP:Label", image + ".xmp"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            process.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(printed.contains("Rating                          : 5"))
            #expect(printed.contains("Label                           : Yellow"))
        }
    }
}

extension AttributeValues {
    fileprivate func with(label: ColorLabel?, flag: Flag?) -> AttributeValues {
        var copy = self
        copy[ColorLabel.self] = label
        copy[Flag.self] = flag
        return copy
    }
}
