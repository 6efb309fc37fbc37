import ChainModel
import Testing

@testable import ChainSidecars

struct XMPFieldsTests {
    @Test(arguments: [
        (3, ColorLabel.red, Flag.pick, "3", "Red", "pick", nil),
        (0, ColorLabel.none, Flag.none, "0", "", "", nil),
        (4, ColorLabel.purple, Flag.reject, "-1", "Purple", "reject", "4"),
    ] as [(Int, ColorLabel, Flag, String, String, String, String?)])
    func valuesReadAsDarktableAndLightroomReadThem(
        rating: Int, label: ColorLabel, flag: Flag, xmpRating: String, xmpLabel: String, xmpFlag: String, rejected: String?
    ) {
        let fields = XMPFields(AttributeValues.of(rating, label, flag))
        #expect(fields == XMPFields(rating: xmpRating, label: xmpLabel, flag: xmpFlag, rejectedRating: rejected))
        // Empty strings are deletions: reading the file back finds no such property.
        let read = XMPFields(
            rating: xmpRating, label: xmpLabel.isEmpty ? nil : xmpLabel, flag: xmpFlag.isEmpty ? nil : xmpFlag, rejectedRating: rejected)
        var expected = AttributeValues.of(rating, label, flag)
        if label == .none { expected[ColorLabel.self] = nil }
        if flag == .none { expected[Flag.self] = nil }
        #expect(read.values == expected)
    }

    @Test func aLightroomRejectWithoutOurFieldsIsARejectWithNoStars() {
        let values = XMPFields(rating: "-1", label: "yellow", flag: nil, rejectedRating: nil).values
        #expect(values?[Flag.self] == .reject)
        #expect(values?[Rating.self] == Rating.none)
        #expect(values?[ColorLabel.self] == .yellow)
    }

    @Test func unreadableFieldsAreIgnoredNotGuessed() {
        #expect(XMPFields(rating: "9", label: "Magenta", flag: "maybe", rejectedRating: nil).values == nil)
        #expect(XMPFields(rating: nil, label: nil, flag: nil, rejectedRating: nil).values == nil)
        #expect(XMPFields(rating: " 2 ", label: nil, flag: nil, rejectedRating: nil).values?[Rating.self] == Rating(2))
    }

    @Test func onlyTheAttributesGivenAreWritten() {
        var ratingOnly = AttributeValues()
        ratingOnly[Rating.self] = Rating(5)
        #expect(XMPFields(ratingOnly) == XMPFields(rating: "5", label: nil, flag: nil, rejectedRating: nil))
    }
}
