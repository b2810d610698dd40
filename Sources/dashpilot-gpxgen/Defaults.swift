/// The command line's fixed texts and defaults.
enum Defaults {
    static let seed: UInt64 = 20_261_102
    static let shiftHours: ClosedRange<Double> = 1.2...1.9

    static let usage = """
        usage: dashpilot-gpxgen --out DIR [--weeks N] [--seed S] [--start YYYY-MM-DD] [--shift-hours A-B] [--style STYLE]
               dashpilot-gpxgen --out DIR --one-shift-hours H --name FILE [--seed S] [--style STYLE]
               dashpilot-gpxgen --out DIR --year [--one-shift-hours H] [--seed S] [--style STYLE]
               dashpilot-gpxgen --out DIR --bytes N --name FILE [--seed S] [--style gpslogger|osmand]
               dashpilot-gpxgen --out DIR --truth N [--seed S]

          --weeks N            N weeks of 3-4 shifts a week from --start (default 2 weeks from 2026-11-02),
                               one file per shift named like 2026-11-02-dinner.gpx, plus README.md
          --shift-hours A-B    shift lengths for --weeks, in hours (default \(shiftHours.lowerBound)-\(shiftHours.upperBound))
          --one-shift-hours H  one shift of H hours logged at 1 Hz without pauses (8 -> 28,800 points)
          --year               250 weekday shifts of --one-shift-hours (default 8) hours, one file each
          --bytes N            one valid GPX file of about N bytes (suffixes K, M, G = 10^3.., KiB, MiB, GiB = 2^10..),
                               streamed at 1 Hz for as long as it takes
          --truth N            N delivery shifts with a known vehicle distance (seeds S..S+N-1), truth-SEED.gpx
                               each, the truth (vehicle metres, walked metres, stops) in a comment and printed
          --name FILE          the file for --one-shift-hours and --bytes (relative names go into --out)
          --seed S             the seed (default \(seed)); the same seed writes the same bytes
          --style STYLE        gpslogger, opentracks or osmand (default: rotate per file; gpslogger for one file)
        """
}
