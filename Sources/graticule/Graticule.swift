import ArgumentParser
import Foundation
import Graticule

/// The root command. Synchronous, so that the one-shot commands (identify, project, render …)
/// start without the Swift concurrency runtime's worker threads; `serve` runs its asynchronous
/// server from a synchronous `run()` (`ServeCommand.run`).
@main
struct GraticuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graticule",
        abstract: "Graticule: spatial references, projections and transformations in pure Swift.",
        subcommands: [ServeCommand.self, CRSCommand.self, ProjectCommand.self, TransformationsCommand.self, InfoCommand.self,
                      ConvertCommand.self, IdentifyCommand.self, RenderCommand.self, BenchCommand.self])
}
