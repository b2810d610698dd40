/// The report templates that ship, by name: `Templates/reports/NAME.txt`, compiled in so the
/// binary needs no data folder. A test keeps the file and this text identical, byte for byte;
/// after editing the file, paste it here between the delimiters (the empty line keeps its final
/// newline).
public enum BuiltInReportTemplates {
    /// `Templates/reports/summary.txt`: the summary of a span for a cron mail.
    public static let summary: String = #"""
{{! DashPilot's summary of a span, for a cron mail: dashpilot's built-in 'summary' template. }}
{{! The language and every name: docs/text-templates.md. Every line fits 80 columns. }}
DashPilot summary: {{from}} to {{last_day}}, by {{period}}
Time zone: {{zone:-69}}

period     shifts  worked h {{distance_word:9}}      gross   expenses        net  per hour
--------------------------------------------------------------------------------
{{#each periods}}
{{label:-10}} {{shifts:6}} {{worked_hours:9}} {{distance:9}} {{gross_earnings:10}} {{expenses:10}} {{net_after_expenses:10}} {{earnings_per_worked_hour:9}}
{{/each}}
--------------------------------------------------------------------------------
TOTAL      {{shifts:6}} {{worked_hours:9}} {{distance:9}} {{gross_earnings:10}} {{expenses:10}} {{net_after_expenses:10}} {{earnings_per_worked_hour:9}}

Work
  offers                                        {{offers:12}}
  deliveries                                    {{deliveries:12}}
  cancelled deliveries                          {{cancelled_deliveries:12}}
  elapsed hours                                 {{elapsed_hours:12}}
  paused hours                                  {{paused_hours:12}}
{{! What is missing: each count only when it is not 0. }}
{{#if shifts_without_earnings}}
  shifts without earnings (not counted as 0.00) {{shifts_without_earnings:12}}
{{/if}}
{{#if shifts_without_route}}
  shifts without a recorded route               {{shifts_without_route:12}}
{{/if}}
{{#if shifts_without_fuel_assumption}}
  shifts without a fuel assumption              {{shifts_without_fuel_assumption:12}}
{{/if}}
{{#if shifts_without_mileage_rate}}
  shifts on dates the mileage rates lack        {{shifts_without_mileage_rate:12}}
{{/if}}

Money
  gross earnings                                {{gross_earnings:12}}
  platform tips (within gross)                  {{platform_tips:12}}
  fees kept by platforms (taken off net)        {{fees:12}}
  outside tips (added to net)                   {{outside_tips:12}}
{{#if other_income}}
  other income, on no shift (added to net)      {{other_income:12}}
{{/if}}
  expenses                                      {{expenses:12}}
  net after expenses                            {{net_after_expenses:12}}
  gross per worked hour                         {{earnings_per_worked_hour:12}}
  gross per {{distance_unit:-36}}{{earnings_per_distance:12}}
{{#if platforms}}

By platform (letter case ignored)
  platform                 shifts  trips      gross       tips       fees
{{#each platforms}}
  {{platform:-24}} {{shifts:6}} {{trips:6}} {{gross_earnings:10}} {{platform_tips:10}} {{fees:10}}
{{/each}}
{{/if}}

Fuel: two views side by side, never both subtracted
  estimated (route, mpg and price per shift)    {{estimated_fuel:12}}
  gross minus the estimate (shifts with both)   {{estimated_net_after_fuel:12}}
  fuel expenses recorded (within expenses)      {{fuel_expenses:12}}
{{#if expenses_by_category}}

Expenses by category
{{#each expenses_by_category}}
  {{category:-46}}{{amount:12}}
{{/each}}
{{/if}}
{{#if mileage_log}}

Mileage log
date        start  end     {{distance_word:9}}  purpose
{{#each mileage_log}}
{{date:-10}}  {{start_time:5}}  {{end_time:-7}} {{distance:9}}  {{purpose:-42}}
{{/each}}
total                      {{mileage_log_distance:9}}
{{#if vehicle_year_distance}}
vehicle {{distance_word}} in the year (odometer)   {{vehicle_year_distance:9}}
business share                  {{business_share_percent:8}}%
{{/if}}
{{/if}}
{{#if mileage_rates}}

Standard-mileage deduction estimate             {{standard_mileage_deduction:12}}
  rates: {{mileage_rates:-72}}
  an estimate for planning, from the miles driven; no figure above subtracts it
{{/if}}
{{#if active_shifts}}

Active shifts, not counted until they end
{{#each active_shifts}}
  shift {{shift_id:-8}} {{state:-9}} started {{started_at}}
{{/each}}
{{/if}}

"""#
}
