/// Generated from Templates/mileage-rates/*.json (a test keeps them identical).
enum BuiltInMileageRates {
    static let json: [String: String] = [
        "us-irs-business": #"""
{
  "name": "us-irs-business",
  "description": "IRS standard mileage rate for business use, dollars per mile, by date range (end exclusive). Figures and sources as found (docs/facts.md, Files drivers have); correct them here if the IRS says otherwise.",
  "rates": [
    {"from": "2016-01-01", "to": "2017-01-01", "perMile": "0.54", "source": "staffscapes.com, citing the IRS announcement; site.performertrack.com/usasmr"},
    {"from": "2017-01-01", "to": "2018-01-01", "perMile": "0.535", "source": "site.performertrack.com/usasmr (secondary)"},
    {"from": "2018-01-01", "to": "2019-01-01", "perMile": "0.545", "source": "QuickBooks Self-Employed help; Rydar blog"},
    {"from": "2019-01-01", "to": "2020-01-01", "perMile": "0.58", "source": "QuickBooks Self-Employed help; Rydar blog"},
    {"from": "2020-01-01", "to": "2021-01-01", "perMile": "0.575", "source": "site.performertrack.com/usasmr (secondary)"},
    {"from": "2021-01-01", "to": "2022-01-01", "perMile": "0.56", "source": "movesfinancial.com"},
    {"from": "2022-01-01", "to": "2022-07-01", "perMile": "0.585", "source": "mycampbellandco.com; 8newsnow.com (IRS: irs-increases-mileage-rate-for-remainder-of-2022)"},
    {"from": "2022-07-01", "to": "2023-01-01", "perMile": "0.625", "source": "mycampbellandco.com; 8newsnow.com (IRS: irs-increases-mileage-rate-for-remainder-of-2022)"},
    {"from": "2023-01-01", "to": "2024-01-01", "perMile": "0.655", "source": "IRS Notice 2023-03 (ctas.tennessee.edu; nichols-cpas.com)"},
    {"from": "2024-01-01", "to": "2025-01-01", "perMile": "0.67", "source": "IRS IR-2023-239 (payrollpeople.com; payality.com)"},
    {"from": "2025-01-01", "to": "2026-01-01", "perMile": "0.70", "source": "IRS IR-2024-312, Notice 2025-5 (jkentstaffing.com; hwco.cpa)"},
    {"from": "2026-01-01", "to": "2027-01-01", "perMile": "0.725", "source": "announced Dec 29, 2025 (cpapracticeadvisor.com; firstpiper.com)"}
  ]
}

"""#,
    ]
}
