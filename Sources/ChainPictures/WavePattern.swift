/// A picture that is one colour rippled by sine waves: each channel is `colour × (0.6 + 0.4 ×
/// sin(…))`. Different colours and frequencies give pictures that are told apart at a glance.
package struct WavePattern: Sendable, Equatable {
    /// Red, green, blue, each 0…1.
    package var colour: (red: Double, green: Double, blue: Double)
    /// Waves across and down the picture.
    package var across: Double
    package var down: Double

    package static func == (lhs: WavePattern, rhs: WavePattern) -> Bool {
        lhs.colour == rhs.colour && lhs.across == rhs.across && lhs.down == rhs.down
    }

    /// The `number`th pattern of a sequence: hues a golden-ratio step apart, so neighbours differ.
    package static func numbered(_ number: Int) -> WavePattern {
        let hue = (Double(number) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1)
        return WavePattern(
            colour: rgb(hue: hue, saturation: 0.65, value: 0.95),
            across: 0.5 + Double(number % 7) * 0.75, down: 0.5 + Double((number / 7) % 5) * 0.9)
    }

    /// HSV (each 0…1) to RGB.
    package static func rgb(hue: Double, saturation: Double, value: Double) -> (red: Double, green: Double, blue: Double) {
        let sector = hue * 6
        let index = Int(sector) % 6
        let fraction = sector - Double(Int(sector))
        let p = value * (1 - saturation)
        let q = value * (1 - saturation * fraction)
        let t = value * (1 - saturation * (1 - fraction))
        switch index {
        case 0: return (value, t, p)
        case 1: return (q, value, p)
        case 2: return (p, value, t)
        case 3: return (p, q, value)
        case 4: return (t, p, value)
        default: return (value, p, q)
        }
    }
}
