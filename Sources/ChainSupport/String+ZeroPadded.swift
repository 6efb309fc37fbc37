extension String {
    /// `value` in decimal, padded with leading zeros to `width` digits (`007`); wider values
    /// are left whole.
    package init(zeroPadded value: Int, width: Int) {
        let digits = String(value)
        self = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
