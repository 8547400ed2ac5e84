import ArgumentParser
import Foundation
import Graticule

@main
struct GraticuleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graticule",
        abstract: "Graticule: spatial references, projections and transformations in pure Swift.",
        subcommands: [ServeCommand.self, CRSCommand.self, ProjectCommand.self, TransformationsCommand.self, InfoCommand.self,
                      ConvertCommand.self, IdentifyCommand.self, RenderCommand.self, BenchCommand.self])
}
