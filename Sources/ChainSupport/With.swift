/// `value` as `change` leaves a copy of it: a changed value in one expression.
package func with<T>(_ value: T, _ change: (inout T) -> Void) -> T {
    var value = value
    change(&value)
    return value
}
