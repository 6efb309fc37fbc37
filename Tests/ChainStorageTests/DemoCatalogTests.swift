import ChainStorage
import Testing

@Suite struct DemoCatalogTests {
    @Test func namesLookLikeTripsOfPhotos() throws {
        let records = DemoCatalog.records(count: 600)
        #expect(records.count == 600)
        let pattern = /^[A-Z][a-z]+ [a-z ]+ \d{3}\.jpg$/
        #expect(records.allSatisfy { $0.name.wholeMatch(of: pattern) != nil })
        #expect(Set(records.map(\.name)).count == 600)
        // Consecutive photos mostly share a place, as shots from one trip do.
        let place = { (name: String) in name.prefix { $0 != " " } }
        let sameAsPrevious = zip(records, records.dropFirst()).filter { place($0.name) == place($1.name) }.count
        #expect(sameAsPrevious > 500)
        #expect(Set(records.map { place($0.name) }).count >= 8)
    }

    @Test func ratingsAreSpreadAndSkewedTowardsUnrated() {
        let records = DemoCatalog.records(count: 600)
        var counts = [Int](repeating: 0, count: 6)
        for record in records { counts[record.rating.value] += 1 }
        #expect(counts.allSatisfy { $0 > 10 })
        #expect(counts[0] == counts.max())
        #expect(counts[5] < counts[3])
    }

    @Test func isDeterministicAndPrefixStable() {
        #expect(DemoCatalog.records(count: 600) == DemoCatalog.records(count: 600))
        #expect(Array(DemoCatalog.records(count: 600).prefix(50)) == DemoCatalog.records(count: 50))
        #expect(DemoCatalog.records(count: 0).isEmpty)
        #expect(DemoCatalog.records(count: 1).first?.addedAt == "2024-03-02T09:00:00Z")
    }
}
