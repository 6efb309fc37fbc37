/// A configuration problem, named so an operator can fix it: the file (or variable or flag),
/// the key, and what is wrong.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    package var source: String
    package var key: String
    package var problem: String

    package init(source: String, key: String, problem: String) {
        self.source = source
        self.key = key
        self.problem = problem
    }

    package var description: String { "\(source): \(key): \(problem)" }
}
