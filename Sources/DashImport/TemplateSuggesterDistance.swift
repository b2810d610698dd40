extension TemplateSuggester {
    /// `distanceUnit`: a trips file's distance column (Uber's `Trip Distance (miles)`) is mapped
    /// only when its header names the unit (`miles`, `mi`, `km`) and every sampled cell reads as a
    /// distance in it; otherwise it is left unmapped and the notes say why (never a guessed unit:
    /// a kilometre read as a mile is 61% more).
    static func readDistance(_ draft: inout TemplateDraft, _ mapped: inout [String: Int], header: [String], cells: (String) -> [String]) {
        guard let column = mapped["distance"] else { return }
        let words = Set(HeaderMatching.words(header[column]))
        let unit: TripDistanceUnit?
        if !words.isDisjoint(with: ["km", "kilometres", "kilometers", "kilometre", "kilometer"]) {
            unit = .km
        } else if !words.isDisjoint(with: ["miles", "mile", "mi"]) {
            unit = .miles
        } else {
            unit = nil
        }
        guard let unit else {
            mapped["distance"] = nil
            draft.notes.append("distance: column \(column + 1) looks like a distance but its header names no unit: add \"distance\" to columns with \"distanceUnit\": \"miles\" or \"km\"")
            return
        }
        let unread = cells("distance").filter { cell in
            let text = cell.trimmingBlanks
            guard !text.isEmpty else { return false }
            if case .success = TripDistanceText.millimetres(text, unit: unit, mark: draft.decimalMark) { return false }
            return true
        }
        guard unread.isEmpty else {
            mapped["distance"] = nil
            draft.notes.append("distance: \(rows(unread.count)) of column \(column + 1) not a plain distance: not mapped")
            return
        }
        draft.distanceUnit = unit
        draft.notes.append("distance: the trips' own distance in \(unit.rawValue) (kept with each trip; docs/mileage.md, \"Platform-reported miles\")")
    }
}
