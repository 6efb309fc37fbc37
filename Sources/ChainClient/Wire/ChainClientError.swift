/// Failures of the client itself, as opposed to the server's problems (`ChainProblem`).
public enum ChainClientError: Error, Sendable, Hashable {
    /// The base URL or a path did not make a URL.
    case invalidURL(String)
    /// The answer was not HTTP.
    case notHTTP
    /// A 2xx answer's body did not decode as the model it should be: (model, why).
    case undecodable(String, String)
    /// The event stream was refused for good (401 or 404: the session is gone).
    case streamRefused(ChainProblem)
}
