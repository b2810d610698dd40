/// The statement templates that ship, by name: `Templates/statements/NAME.json`, compiled in so
/// the binary needs no data folder. A test keeps the files and these texts identical.
extension StatementTemplate {
    public static let builtInJSON: [String: String] = [
        "delivery-log": """
        {
          "name": "delivery-log",
          "description": "DashPilot's own delivery log: one delivery per row, with its own pay.",
          "kind": "deliveries",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "dateFormat": "yyyy-MM-dd",
          "timeFormat": "HH:mm",
          "endMayBeNextDay": true,
          "tipsAre": "within",
          "columns": {
            "date": ["date"],
            "accepted": ["accepted", "accepted at"],
            "delivered": ["delivered", "delivered at", "dropped off"],
            "pay": ["pay", "amount", "earnings"],
            "tips": ["tips", "tip"],
            "platform": ["platform", "app"],
            "pickup": ["pickup", "restaurant", "store"]
          },
          "skip": [{"column": "date", "values": ["total", "totals"], "as": "totals rows"}]
        }

        """,
        "shift-log": """
        {
          "name": "shift-log",
          "description": "DashPilot's own shift log: one shift per row, as a driver keeps it in a spreadsheet.",
          "kind": "shifts",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "dateFormat": "yyyy-MM-dd",
          "timeFormat": "HH:mm",
          "endMayBeNextDay": true,
          "tipsAre": "within",
          "columns": {
            "date": ["date"],
            "start": ["start", "start time"],
            "end": ["end", "end time"],
            "gross": ["earnings", "gross", "total pay"],
            "tips": ["tips", "tips included"],
            "platform": ["platform", "app"]
          },
          "skip": [{"column": "date", "values": ["total", "totals"], "as": "totals rows"}]
        }

        """,
        "uber-driver-payments": """
        {
          "name": "uber-driver-payments",
          "description": "driver_payments-0.csv of Uber's personal data download (2025): one signed line per money movement, several per trip, local times (pass --tz); no trip id: a line's Local Timestamp is its trip's request time.",
          "source": "the header and values of three real 2025 downloads (issue 14); docs/templates.md, The Uber templates",
          "kind": "moneyLines",
          "platform": "Uber",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "timeFormat": "yyyy-MM-dd HH:mm:ss",
          "tripFrom": "time",
          "columns": {
            "time": ["local timestamp"],
            "amount": ["local amount"],
            "currency": ["currency code"],
            "category": ["category"]
          },
          "tipsAre": "onTop",
          "tipsWhen": {"column": "category", "values": ["tip"]},
          "kindWhen": {
            "incentive": {"column": "category", "values": ["existing_driver_incentive"]},
            "fee": {"column": "category", "values": ["commission", "commission_adjustment", "eats_commission", "uber_fee_driver", "eats_fee"]}
          },
          "skip": [
            {"column": "category", "values": ["payout*"], "as": "payouts"},
            {"column": "category", "values": ["cash_collected*"], "as": "cash collected"},
            {"column": "category", "values": ["instant_pay*"], "as": "instant pay"}
          ]
        }

        """,
        "uber-driver-trips": """
        {
          "name": "uber-driver-trips",
          "description": "driver_lifetime_trips-0.csv of Uber's personal data download (2025): one row per trip request, local wall times written with a false 'Z' (pass --tz); no trip id (the request time names the trip) and no column of the driver's pay. A shared ride's fare_split rows are its completed row's trip; a cancelled trip is a trip only when it was picked up; the on-trip distance is kept with each trip.",
          "source": "the header and values of three real 2025 downloads (issue 14) and a Los Angeles pair (issue 27); docs/templates.md, The Uber templates",
          "kind": "deliveries",
          "platform": "Uber",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "timeFormat": "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'",
          "ignoreZoneDesignator": true,
          "tripFrom": "accepted",
          "columns": {
            "accepted": ["local request timestamp"],
            "pickedUp": ["begin trip local timestamp"],
            "delivered": ["local dropoff timestamp"],
            "distance": ["trip distance (miles)"],
            "status": ["status"],
            "currency": ["currency code"]
          },
          "distanceUnit": "miles",
          "sharedRideWhen": {"column": "status", "values": ["fare_split"]},
          "cancelledWhen": {"column": "status", "unless": ["completed", "fare_split"]}
        }

        """,
        "uber-payments": """
        {
          "name": "uber-payments",
          "description": "Uber's Payments Transaction report (the fleet and supplier portal's payments_order CSV, which couriers also download): one row per money movement, several per trip, a late tip or adjustment in a later file.",
          "source": "docs/templates.md, The Uber templates: columns and the vs reporting timestamp as in real files",
          "kind": "moneyLines",
          "platform": "Uber",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "timeFormat": "yyyy-MM-dd HH:mm:ss.SSS XX z",
          "columns": {
            "trip": ["trip uuid"],
            "line": ["transaction uuid"],
            "time": ["vs reporting"],
            "amount": ["paid to you:your earnings"],
            "tips": ["paid to you:your earnings:tip"],
            "description": ["description"],
            "driver": ["driver uuid"]
          },
          "tipsAre": "within",
          "kindWhen": {"adjustment": {"column": "description", "values": ["trip fare adjust order", "support adjustment*"]}},
          "skip": [
            {"column": "description", "values": ["so.payout", "payout*"], "as": "payouts"},
            {"column": "description", "values": ["transferred to bank account"], "as": "transfers to the bank"}
          ]
        }

        """,
        "uber-trips": """
        {
          "name": "uber-trips",
          "description": "Uber's Trip activity report (trip_activity CSV): one row per trip, with its request and drop-off times; no money (the payments report has it, joined on Trip UUID).",
          "source": "docs/templates.md, The Uber templates: column list printed from a real file; times have no zone (pass --tz)",
          "kind": "deliveries",
          "platform": "Uber",
          "delimiter": ",",
          "encoding": "utf-8",
          "decimalMark": "point",
          "timeFormat": "yyyy-MM-dd HH:mm:ss",
          "columns": {
            "trip": ["trip uuid"],
            "accepted": ["trip request time"],
            "delivered": ["trip drop off time", "trip drop-off time"],
            "status": ["trip status"],
            "driver": ["driver uuid"]
          },
          "skip": [{"column": "status", "unless": ["completed"]}]
        }

        """,
    ]
}
