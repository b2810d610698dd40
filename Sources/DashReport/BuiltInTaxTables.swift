/// Copies of Templates/tax-rates/*.json and Templates/categories/*.json, compiled in so the
/// binary needs no files beside it (a test keeps each identical to its file, byte for byte).
enum BuiltInTaxTables {
    static let selfEmployment: [String: String] = [
        "us-self-employment": #"""
{
  "name": "us-self-employment",
  "description": "US self-employment tax (Schedule SE): the share of net profit that is net earnings, the Social Security and Medicare rates, the threshold below which none is due, and the Social Security wage base of each year. Correct a figure here if the SSA or the IRS says otherwise (docs/tax.md).",
  "netEarningsShare": "0.9235",
  "socialSecurityRate": "0.124",
  "medicareRate": "0.029",
  "minimumNetEarnings": "400",
  "wageBases": [
    {"year": 2016, "wageBase": "118500", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2017, "wageBase": "127200", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2018, "wageBase": "128400", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2019, "wageBase": "132900", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2020, "wageBase": "137700", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2021, "wageBase": "142800", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2022, "wageBase": "147000", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2023, "wageBase": "160200", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2024, "wageBase": "168600", "source": "SSA, Contribution and Benefit Base (ssa.gov/oact/cola/cbb.html)"},
    {"year": 2025, "wageBase": "176100", "source": "SSA, 2025 COLA fact sheet (October 2024)"},
    {"year": 2026, "wageBase": "184500", "source": "SSA, 2026 COLA fact sheet (October 2025)"}
  ]
}

"""#,
    ]

    static let categories: [String: String] = [
        "us-schedule-c": #"""
{
  "name": "us-schedule-c",
  "description": "Expense categories as drivers write them, each with its IRS Schedule C (Form 1040) line. 'vehicle': a cost of running the car, covered by the standard mileage rate (not deducted under it) and deducted at the business-use share under the actual method. Parking and tolls for business stay deductible under both methods. Line 'none': recorded, shown, never deducted (personal costs, fines; health insurance belongs on Schedule 1). A category this map does not know is not deducted either: the summary names it, so it can be added to a map of your own (docs/tax.md).",
  "categories": [
    {"category": "fuel", "synonyms": ["gas", "gasoline", "petrol", "diesel", "fuel up", "ev charging", "electricity for car"], "line": "9", "lineName": "Car and truck expenses", "vehicle": true},
    {"category": "vehicle maintenance", "synonyms": ["maintenance", "car wash", "carwash", "oil change", "oil", "repair", "repairs", "tires", "tyres", "detailing", "service"], "line": "9", "lineName": "Car and truck expenses", "vehicle": true},
    {"category": "vehicle insurance", "synonyms": ["insurance", "car insurance", "auto insurance"], "line": "9", "lineName": "Car and truck expenses", "vehicle": true},
    {"category": "vehicle registration", "synonyms": ["registration", "license plates", "dmv"], "line": "9", "lineName": "Car and truck expenses", "vehicle": true},
    {"category": "vehicle lease", "synonyms": ["lease", "car lease"], "line": "20a", "lineName": "Rent or lease: vehicles, machinery, equipment", "vehicle": true},
    {"category": "parking", "synonyms": ["parking fee", "parking meter"], "line": "9", "lineName": "Car and truck expenses", "vehicle": false},
    {"category": "tolls", "synonyms": ["toll", "toll road", "bridge toll", "ezpass", "e-zpass", "i-pass", "ipass", "sunpass", "fastrak", "txtag"], "line": "9", "lineName": "Car and truck expenses", "vehicle": false},
    {"category": "fees", "synonyms": ["platform fee", "platform fees", "commission", "commissions", "service fee", "background check"], "line": "10", "lineName": "Commissions and fees", "vehicle": false},
    {"category": "supplies", "synonyms": ["supply", "bags", "insulated bag", "hot bag", "phone mount", "charger", "cables"], "line": "22", "lineName": "Supplies", "vehicle": false},
    {"category": "phone", "synonyms": ["cell phone", "mobile", "phone bill", "data plan", "cellphone"], "line": "25", "lineName": "Utilities", "vehicle": false},
    {"category": "other", "synonyms": ["misc", "miscellaneous"], "line": "27a", "lineName": "Other expenses", "vehicle": false},
    {"category": "not deductible", "synonyms": ["personal", "snacks", "snack", "meals", "meal", "food", "coffee", "lunch", "dinner", "drinks", "fine", "fines", "ticket", "parking ticket", "speeding ticket", "traffic ticket", "car payment", "loan payment", "health insurance", "commuting"], "line": "none", "lineName": "Not deductible on Schedule C", "vehicle": false}
  ]
}

"""#,
    ]
}
