import ChainPictures
import Testing

/// libvips's EXIF field text, `VALUE (DESCRIPTION, FORMAT, N components, M bytes)`, read back.
@Suite struct ExifTextTests {
    @Test(arguments: [
        ("Canon (Canon, ASCII, 6 components, 6 bytes)", "Canon"),
        ("Canon EOS R5 (Canon EOS R5, ASCII, 13 components, 13 bytes)", "Canon EOS R5"),
        ("28/5 (f/5.6, Rational, 1 components, 8 bytes)", "28/5"),
        ("EF 70-200mm (II) (EF 70-200mm (II), ASCII, 17 components, 17 bytes)", "EF 70-200mm (II)"),
        ("a, b (a, b, ASCII, 5 components, 5 bytes)", "a, b"),
        ("400 (400, Short, 1 components, 2 bytes)", "400"),
    ])
    func valuesAreTheRawPart(text: String, value: String) {
        #expect(ExifText.value(text) == value)
    }

    @Test func numbersAndRationals() {
        #expect(ExifText.number("28/5 (f/5.6, Rational, 1 components, 8 bytes)") == 5.6)
        #expect(ExifText.number("400 0 (400 0, Short, 2 components, 4 bytes)") == 400)
        #expect(ExifText.number("1/0 (, Rational, 1 components, 8 bytes)") == nil)
        #expect(ExifText.rational("1/250 (1/250 sec., Rational, 1 components, 8 bytes)")! == (1, 250))
        #expect(ExifText.value("no shape") == nil)
        #expect(ExifText.string("    (    , ASCII, 5 components, 5 bytes)") == nil)
    }
}
