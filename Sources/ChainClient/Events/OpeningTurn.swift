/// A first-come, first-served turn held across suspension points (an actor alone is
/// reentrant: a second caller would run while the first awaits).
actor OpeningTurn {
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func begin() async {
        guard taken else {
            taken = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func end() {
        if waiting.isEmpty {
            taken = false
        } else {
            waiting.removeFirst().resume()  // the turn passes on, still taken
        }
    }
}
