/// Raising: `increaseRating`.
public enum Up: RatingDirection {
    public static let action = "increaseRating"
    public static let delta = 1
    public static let limit = Rating.max
    public static let undoName = "Increase Rating"
    public static let stuckReason = "every image is at 5 stars already"
}
