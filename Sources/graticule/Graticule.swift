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
        if let name = arguments.first,
           let command = GraticuleCommand.configuration.subcommands.first(where: { $0._commandName == name }) {
            command.main(Array(arguments.dropFirst()))
        } else {
            GraticuleCommand.main(arguments)
        }
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
