import Foundation

/// The process's arguments and the environment variables that name paths, as the kernel gave
/// them: bytes. Swift decodes `CommandLine.arguments` and `ProcessInfo`'s environment as UTF-8,
/// replacing what is not UTF-8 with U+FFFD, so a Latin-1 file name (`caf\xE9.sqlite`) would reach
/// a command as another name: an existing store said to be missing, another store created and
/// filled, an import of "No such file", an export written under another name. Paths are bytes:
/// one that is not UTF-8 is refused, naming it, before any command runs (docs/cli.md, "Paths").
public struct ProcessBytes: Sendable, Equatable {
    /// The arguments, without the program's name.
    public var arguments: [[UInt8]]
    /// The variables of `pathVariables` that are set, by name.
    public var environment: [String: [UInt8]]

    /// The variables a store or config path is made of (`DashPilotCLI.resolveStorePath`,
    /// `ConfigFile.path`).
    public static let pathVariables = ["DASHPILOT_STORE", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME"]

    public init(arguments: [[UInt8]], environment: [String: [UInt8]] = [:]) {
        self.arguments = arguments
        self.environment = environment
    }

    /// This process's: `CommandLine.unsafeArgv` and getenv(3), before any decoding.
    public static func current() -> ProcessBytes {
        let argv = CommandLine.unsafeArgv
        let arguments = (1..<Int(CommandLine.argc)).compactMap { index in argv[index].map { bytes(of: $0) } }
        var environment: [String: [UInt8]] = [:]
        for name in pathVariables { environment[name] = getenv(name).map { bytes(of: $0) } }
        return ProcessBytes(arguments: arguments, environment: environment)
    }

    private static func bytes(of text: UnsafePointer<CChar>) -> [UInt8] {
        UnsafeBufferPointer(start: text, count: strlen(text)).map { UInt8(bitPattern: $0) }
    }

    /// The first argument, then the first path variable, that is not UTF-8, as a usage error
    /// naming it with its bytes escaped; nil when every one is UTF-8.
    func refusal() -> UsageError? {
        let hint = "give it in UTF-8: a file can be renamed (convmv -f latin1 -t utf8 --notest NAME) or reached through a link with a UTF-8 name"
        for (index, word) in arguments.enumerated() where !Self.isUTF8(word) {
            // `--store caf\xE9.sqlite`: the option it is the value of is named with it.
            let previous = index > 0 ? String(validating: arguments[index - 1], as: UTF8.self) : nil
            let named = previous.map { Self.valuedOptions.contains($0) } == true ? "\(previous ?? "") \(Self.display(word))" : Self.display(word)
            return UsageError(message: "\(named) is not UTF-8; dashpilot reads its arguments as UTF-8 and would take it for another name (or text) "
                                  + "than the one given", hint: hint)
        }
        for name in Self.pathVariables {
            guard let value = environment[name], !Self.isUTF8(value) else { continue }
            return UsageError(message: "$\(name) \(Self.display(value)) is not UTF-8; dashpilot reads the environment as UTF-8 and would take it "
                                  + "for another path than the one given", hint: hint)
        }
        return nil
    }

    /// Every option that takes a value (`--store`, `--out`, ...), as typed.
    static let valuedOptions = Set((Commands.all.flatMap(\.options).filter { $0.value != nil }.map(\.name) + DashPilotCLI.globalValued).map { "--" + $0 })

    static func isUTF8(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// `bytes` as a message shows them: UTF-8 as text (control characters escaped, as
    /// ``PathArgument/display(_:)`` shows them), every other byte as `\xHH`.
    static func display(_ bytes: [UInt8]) -> String {
        var text = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var index = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text += String(decoding: encoded, as: UTF8.self)
                index += encoded.count
            case .error(let length):
                for byte in bytes[index..<(index + length)] { text += String(format: "\\x%02X", byte) }
                index += length
            case .emptyInput:
                return PathArgument.display(text)
            }
        }
    }
}
