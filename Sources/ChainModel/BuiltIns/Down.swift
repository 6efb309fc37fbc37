/// Lowering: `decreaseRating`.
public enum Down: RatingDirection {
    public static let action = "decreaseRating"
    public static let delta = -1
    public static let limit = Rating.none
    public static let undoName = "Decrease Rating"
    public static let stuckReason = "every image is at 0 stars already"
}
