/// Why the service refused something about a session, in its own terms: the API answers
/// each with its problem (`Problem(_:)`).
package enum SessionError: Error, Sendable, Equatable {
    /// The session ended after the request's token was checked.
    case ended
    /// The session already has `max` event streams open.
    case tooManyStreams(max: Int)
}
