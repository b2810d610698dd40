import DashModel
import Foundation

/// `--truth N`: N delivery-shift traces with a known vehicle distance (DeliveryTraceModel in
/// Sources/DashModel/DeliveryTraceModel.swift), seeds S..S+N-1, one GPX file each
/// (`truth-SEED.gpx`, OsmAnd-style `<hdop>` holding accuracy in metres), the truth in a comment
/// after the header and printed one line a file.
func writeTruthTraces(count: Int, seed: UInt64, dir: String) throws {
    print("file                 points   vehicle_m  walked_m  parked  lights  outliers")
    for k in 0..<count {
        let s = seed &+ UInt64(k)
        let trace = DeliveryTraceModel.shift(seed: s, startMs: 1_793_984_400_000 + Int64(k) * 86_400_000)  // a day apart: never overlapping
        let name = "truth-\(s).gpx"
        let sink = try ByteSink(path: path(in: dir, name))
        let truth = String(format: "vehicle_m=%.1f walked_m=%.1f parked=%d lights=%d outliers=%d seed=%llu",
                           trace.vehicleMeters, trace.walkedMeters, trace.parked.count, trace.lightStops, trace.outliers, s)
        sink.put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.put("<gpx version=\"1.1\" creator=\"OsmAnd Maps 4.6\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n")
        sink.put("<!-- dashpilot-gpxgen truth: \(truth) -->\n<trk><trkseg>\n")
        for sample in trace.samples {
            sink.put("<trkpt lat=\"")
            sink.decimal(sample.latitude, maxDecimals: 7, minDecimals: 1)
            sink.put("\" lon=\"")
            sink.decimal(sample.longitude, maxDecimals: 7, minDecimals: 1)
            sink.put("\"><time>")
            sink.time(sample.at.millisecondsSinceEpoch, offsetSeconds: nil, fraction: .none)
            sink.put("</time>")
            if let accuracy = sample.accuracy {
                sink.put("<hdop>")
                sink.decimal(accuracy, maxDecimals: 1, minDecimals: 1)
                sink.put("</hdop>")
            }
            sink.put("</trkpt>\n")
            try sink.flushIfNeeded()
        }
        sink.put("</trkseg></trk></gpx>\n")
        try sink.close()
        print("\(pad(name, 20)) \(pad(String(trace.samples.count), 7, right: true)) \(pad(String(format: "%.1f", trace.vehicleMeters), 11, right: true))"
              + " \(pad(String(format: "%.1f", trace.walkedMeters), 9, right: true)) \(pad(String(trace.parked.count), 7, right: true))"
              + " \(pad(String(trace.lightStops), 7, right: true)) \(pad(String(trace.outliers), 9, right: true))")
    }
}
