import ArgumentParser
import Foundation
import Graticule

@main
struct GraticuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graticule",
        abstract: "Graticule: spatial references, projections and transformations in pure Swift.",
        subcommands: [CRSCommand.self, ProjectCommand.self, TransformationsCommand.self, InfoCommand.self,
                      ConvertCommand.self, IdentifyCommand.self, RenderCommand.self, BenchCommand.self])
}
