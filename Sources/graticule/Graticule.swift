import ArgumentParser
import Foundation
import Graticule

/// The entry point: `graticule SUBCOMMAND …` parses and runs that subcommand directly (each
/// declares `graticule` as its super-command, so usage and help read `graticule SUBCOMMAND`);
/// anything else (`graticule`, `--help`, `help …`, an unknown name) goes to the root command.
/// Parsing from the root builds the whole command tree and looks for completion-script requests
/// by reflection — about 3 ms of a 5 ms start — which a one-shot `identify` or `project` in a
/// script loop should not pay.
@main
enum GraticuleMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.count == 2, arguments[0] == "identify" {
            identifyStandardInput(raster: arguments[1])
        }
        if let name = arguments.first,
           let command = GraticuleCommand.configuration.subcommands.first(where: { $0._commandName == name }) {
            command.main(Array(arguments.dropFirst()))
        } else {
            GraticuleCommand.main(arguments)
        }
    }
}

extension GraticuleMain {
    /// `graticule identify RASTER`, points from standard input: the form a script runs for each
    /// batch of points, as it runs `gdallocationinfo`. The one argument needs no parser (a raster
    /// name that begins with `-` still goes to ArgumentParser), and ArgumentParser's reflection
    /// over the command's properties — a millisecond, a tenth of identifying 100,000 points — is
    /// not paid. Same output, errors and exit codes as the parsed command
    /// (`IdentifyFastPathTests`). Returns only when `raster` is not a plain name.
    static func identifyStandardInput(raster: String) {
        guard !raster.hasPrefix("-"), raster != "help" else { return }
        do {
            try Identify(raster: raster).run()
        } catch {
            IdentifyCommand.exit(withError: error)
        }
        IdentifyCommand.exit()
    }
}

/// The root command. Synchronous, so that the one-shot commands (identify, project, render …)
/// start without the Swift concurrency runtime's worker threads; `serve` runs its asynchronous
/// server from a synchronous `run()` (`ServeCommand.run`).
struct GraticuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graticule",
        abstract: "Graticule: spatial references, projections and transformations in pure Swift.",
        subcommands: [ServeCommand.self, CRSCommand.self, ProjectCommand.self, TransformationsCommand.self, InfoCommand.self,
                      ConvertCommand.self, IdentifyCommand.self, RenderCommand.self, BenchCommand.self])
}
