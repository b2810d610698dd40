import DashCLI
import Foundation

let status = DashPilotCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process())
exit(status.rawValue)
