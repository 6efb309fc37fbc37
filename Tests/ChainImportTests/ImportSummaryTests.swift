import ChainImport
import Testing

@Suite struct ImportSummaryTests {
    @Test func rendersProgressAndSummaryLines() {
        let progress = ImportProgress(scanned: 1_204, added: 1_100, alreadyPresent: 100, skipped: 4, ignored: 12)
        #expect(progress.progressLine == "Importing: 1204 scanned, 1100 added, 100 already present, 4 skipped")
        #expect(!progress.progressLine.contains("\r") && !progress.progressLine.contains("\n"))

        let summary = ImportSummary(progress, elapsed: .milliseconds(3_250))
        #expect(summary.summaryLine
            == "Imported 1100 new images from 1204 files in 3.2 s (100 already present, 4 unreadable, 12 other files ignored)")
        let one = ImportSummary(ImportProgress(scanned: 1, added: 1), elapsed: .seconds(0))
        #expect(one.summaryLine.hasPrefix("Imported 1 new image from 1 file in 0.0 s"))
    }

    @Test(arguments: [
        (Duration.zero, "0.0 s"), (.milliseconds(99), "0.0 s"), (.milliseconds(1_050), "1.0 s"), (.seconds(75), "75.0 s"),
    ])
    func formatsSecondsWithOneDecimal(duration: Duration, text: String) {
        #expect(ImportSummary.seconds(duration) == text)
    }
}
