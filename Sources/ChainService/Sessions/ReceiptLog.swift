import ChainStorage

/// A session's idempotency receipts by key, with their keys oldest first, so the oldest
/// make room for new ones (`IdempotencyReceipt.perSession` at most).
package struct ReceiptLog: Sendable {
    private var byKey: [String: IdempotencyReceipt] = [:]
    private var order: [String] = []

    package init(_ receipts: [IdempotencyReceipt] = []) {
        for receipt in receipts { add(receipt) }
    }

    package subscript(key: String) -> IdempotencyReceipt? { byKey[key] }

    package var count: Int { order.count }

    package mutating func add(_ receipt: IdempotencyReceipt) {
        if byKey.updateValue(receipt, forKey: receipt.key) == nil { order.append(receipt.key) }
    }

    package mutating func drop(_ keys: [String]) {
        for key in keys where byKey.removeValue(forKey: key) != nil {
            order.removeAll { $0 == key }
        }
    }

    /// The keys to drop so one more receipt fits in `IdempotencyReceipt.perSession`.
    package var keysToDropForOneMore: [String] {
        Array(order.prefix(max(0, order.count + 1 - IdempotencyReceipt.perSession)))
    }
}
