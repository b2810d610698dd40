/// The XML namespaces GPX readers match, by URI (never by prefix).
enum GPXNamespace {
    static let gpx10 = "http://www.topografix.com/GPX/1/0"
    static let gpx11 = "http://www.topografix.com/GPX/1/1"
}
