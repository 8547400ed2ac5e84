// GraticuleIO is the module of file formats: the TIFF/GeoTIFF reader lives in the lower
// GraticuleTIFF target (shared with GraticuleTransform's PROJ GeoTIFF grids) and is re-exported
// here, so `import GraticuleIO` gives TIFFFile, TIFFImage, GeoTIFFGeoreference and the rest.
@_exported import GraticuleTIFF
