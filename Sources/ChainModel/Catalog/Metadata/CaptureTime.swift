import ChainSupport

/// When a picture was taken: the RFC 3339 text image objects show, and the instant in
/// milliseconds since the Unix epoch (UTC) that sorting uses.
///
/// From EXIF `DateTimeOriginal` (`2024:05:01 10:20:30`, the camera's wall clock) with
/// `OffsetTimeOriginal` (`+02:00`) when the camera recorded it. Without an offset the wall
/// clock is taken as UTC and the text ends in `Z`: the order of one camera's pictures holds.
public struct CaptureTime: Equatable, Sendable {
    public let text: String
    public let milliseconds: Int64

    /// As stored: the text and milliseconds written together at import.
    public init(text: String, milliseconds: Int64) {
        self.text = text
        self.milliseconds = milliseconds
    }

    /// `nil` for a blank or malformed date (cameras write `0000:00:00 00:00:00` or spaces
    /// when their clock was not set). A malformed offset is ignored.
    public init?(exif date: String, offset: String? = nil) {
        let digits = Array(date.utf8)
        guard digits.count >= 19 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for byte in digits[start..<(start + length)] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              year >= 1, (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61
        else { return nil }
        let offsetMinutes = offset.flatMap(Self.offsetMinutes)
        let wallClock = (Self.daysSinceEpoch(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3600 + minute * 60 + min(second, 59)))
        milliseconds = (wallClock - Int64((offsetMinutes ?? 0) * 60)) * 1000
        var zone = "Z"
        if let offsetMinutes {
            zone = (offsetMinutes < 0 ? "-" : "+")
                + Self.twoDigits(abs(offsetMinutes) / 60) + ":" + Self.twoDigits(abs(offsetMinutes) % 60)
        }
        text = "\(Self.fourDigits(year))-\(Self.twoDigits(month))-\(Self.twoDigits(day))T"
            + "\(Self.twoDigits(hour)):\(Self.twoDigits(minute)):\(Self.twoDigits(min(second, 59)))\(zone)"
    }

    /// `+02:00`, `-0530`, `Z` as minutes east of UTC; `nil` when it is none of those.
    static func offsetMinutes(_ text: String) -> Int? {
        let trimmed = Array(text.utf8.filter { $0 != UInt8(ascii: " ") && $0 != 0 })
        if trimmed == Array("Z".utf8) { return 0 }
        guard trimmed.count == 6 || trimmed.count == 5, let sign = trimmed.first,
              sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        else { return nil }
        let digits = trimmed.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        let values = digits.map { Int($0 - UInt8(ascii: "0")) }
        let hours = values[0] * 10 + values[1]
        let minutes = values[2] * 10 + values[3]
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    /// Days from 1970-01-01 to the date, proleptic Gregorian (Howard Hinnant's algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * monthIndex + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func twoDigits(_ value: Int) -> String { String(zeroPadded: value, width: 2) }
    private static func fourDigits(_ value: Int) -> String { String(zeroPadded: value, width: 4) }
}
