/// The workbook's column headers (issue 16): one map from each machine column name (what CSV
/// and JSON keep, docs/export.md) to the header a person reads on screen and on paper. Every
/// column of every table has one, in miles and in km (HumanHeadersTests fails when a table gains
/// a column without one); a name missing here would be written as it is, never dropped.
enum HumanHeaders {
    static let names: [String: String] = [
        // periods
        "period_start": "Period start", "period_end": "Period end (exclusive)",
        "shifts": "Shifts", "active_shifts": "Active shifts (not counted)", "offers": "Offers", "deliveries": "Deliveries",
        "cancelled_deliveries": "Cancelled deliveries", "elapsed_hours": "Elapsed hours", "paused_hours": "Paused hours",
        "worked_hours": "Worked hours", "miles": "Miles", "km": "Kilometres", "gross_earnings": "Gross",
        "shifts_without_earnings": "Shifts without earnings", "platform_tips": "Platform tips (within gross)",
        "outside_tips": "Outside tips", "expenses": "Expenses", "net_after_expenses": "Net after expenses",
        "estimated_fuel": "Estimated fuel", "shifts_without_fuel_assumption": "Shifts without a fuel assumption",
        "estimated_net_after_fuel": "Estimated net after fuel", "earnings_per_worked_hour": "Gross per worked hour",
        "earnings_per_mile": "Gross per mile", "earnings_per_km": "Gross per km",
        "standard_mileage_deduction": "Standard-mileage deduction", "other_income": "Other income (on no shift)",
        // the tax summary's tables (docs/tax.md)
        "section": "Section", "line": "Schedule C line", "key": "Key", "label": "Item", "standard": "Standard method",
        "actual": "Actual method", "gross": "Gross", "fees_withheld": "Fees withheld", "rate_from": "Rate from",
        "rate_to": "Rate to (exclusive)", "per_mile": "Rate per mile", "business_miles": "Business miles", "deduction": "Deduction",
        "source": "Source", "schedule_c_line": "Schedule C line", "line_name": "Line", "vehicle_cost": "Vehicle cost",
        "deducted_standard": "Deducted (standard)", "deducted_actual": "Deducted (actual)",
        // shifts
        "shift_id": "Shift", "started_at": "Started", "ended_at": "Ended", "state": "State",
        "miles_source": "Miles from", "km_source": "Kilometres from", "fuel_mpg": "Fuel economy (mpg)",
        "fuel_price_per_gallon": "Fuel price per gallon", "platforms": "Platforms", "unlogged_hours": "Unlogged hours",
        // platforms
        "platform": "Platform", "trips": "Trips", "fees": "Fees kept by the platform (apart from gross)",
        "trip_distance": "Distance on trips",
        // deliveries
        "delivery_id": "Delivery", "offer_id": "Offer", "accepted_at": "Accepted", "arrived_at_pickup_at": "At pickup",
        "picked_up_at": "Picked up", "delivered_at": "Delivered", "cancelled_at": "Cancelled",
        "own_amount": "Own amount", "pickup_place": "Pickup place",
        // expenses
        "expense_id": "Expense", "occurred_at": "Date and time", "amount": "Amount", "category": "Category", "note": "Note",
        // other income (issue 27)
        "other_income_id": "Other income", "kind": "Kind", "import_id": "Import",
        // mileage log
        "date": "Date", "measured_by": "Measured by", "odometer_start": "Odometer start", "odometer_end": "Odometer end",
        "purpose": "Business purpose", "business_share_percent": "Business share (%)",
    ]

    /// The header of `column`; the machine name itself when the map lacks it.
    static func header(_ column: String) -> String { names[column] ?? column }
}
