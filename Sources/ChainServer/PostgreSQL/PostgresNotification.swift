/// One `NOTIFY` heard on a listening connection.
struct PostgresNotification: Sendable, Equatable {
    let channel: String
    let payload: String
}
