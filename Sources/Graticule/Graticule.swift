// Umbrella module: re-exports the public API of every engine layer.
@_exported import GraticuleCore
@_exported import GraticuleGeometry
@_exported import GraticuleCRS
@_exported import GraticuleProjection
@_exported import GraticuleTIFF
@_exported import GraticuleTransform
@_exported import GraticuleIO
@_exported import GraticuleRaster
@_exported import GraticuleRender
