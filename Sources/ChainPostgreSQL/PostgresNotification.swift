/// One `NOTIFY` heard on a listening connection.
package struct PostgresNotification: Sendable, Equatable {
    package let channel: String
    package let payload: String
}
