import Foundation
import Hummingbird

/// The WMTS 1.0.0 capabilities document (OGC 07-057r7 §7.1): the service, the KVP endpoints,
/// every map layer (WGS 84 extent, the default style with its legend, the three formats, the
/// tile matrix sets, a RESTful ResourceURL template per format), and the two sets
/// (`WMTSMatrixSet`) with their levels. URLs follow the request's host, as the WMS capabilities do.
extension GraticuleServer {
    func wmtsCapabilitiesResponse(baseURL: String) -> Response {
        let key = CapabilitiesKey(version: nil, baseURL: baseURL)
        if let hit = state.capabilities.value(for: key) {
            return Responses.bytes(hit, contentType: "application/xml; charset=utf-8")
        }
        let xml = Array(wmtsCapabilitiesXML(baseURL: baseURL).utf8)
        state.capabilities.insert(xml, for: key)
        return Responses.bytes(xml, contentType: "application/xml; charset=utf-8")
    }

    func wmtsCapabilitiesXML(baseURL: String) -> String {
        let kvp = XML.escape(baseURL + "/wmts?")
        let operation = { (name: String) in
            "    <ows:Operation name=\"\(name)\"><ows:DCP><ows:HTTP><ows:Get xlink:href=\"\(kvp)\"><ows:Constraint name=\"GetEncoding\">"
                + "<ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP></ows:Operation>\n"
        }
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" \
        xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" \
        version="1.0.0">
          <ows:ServiceIdentification>
            <ows:Title>Graticule</ows:Title>
            <ows:Abstract>Graticule tiles: Natural Earth countries, rasters and vector files in Web Mercator and in longitude and latitude.</ows:Abstract>
            <ows:ServiceType>OGC WMTS</ows:ServiceType>
            <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
            <ows:Fees>none</ows:Fees>
            <ows:AccessConstraints>none</ows:AccessConstraints>
          </ows:ServiceIdentification>
          <ows:OperationsMetadata>

        """
        s += operation("GetCapabilities") + operation("GetTile") + operation("GetFeatureInfo")
        s += "  </ows:OperationsMetadata>\n  <Contents>\n"
        for l in layerDescriptions {
            s += "    <Layer>\n      <ows:Title>\(XML.escape(l.title))</ows:Title>\n"
            s += "      <ows:WGS84BoundingBox><ows:LowerCorner>\(l.box[0]) \(l.box[1])</ows:LowerCorner>"
            s += "<ows:UpperCorner>\(l.box[2]) \(l.box[3])</ows:UpperCorner></ows:WGS84BoundingBox>\n"
            // The part Web Mercator can show, in its metres (clients of WebMercatorQuad read it
            // rather than project the poles).
            let (west, south) = WebMercator.metres(longitude: l.box[0], latitude: l.box[1])
            let (east, north) = WebMercator.metres(longitude: l.box[2], latitude: l.box[3])
            s += "      <ows:BoundingBox crs=\"\(WMTSMatrixSet.webMercatorQuad.supportedCRS)\"><ows:LowerCorner>\(west) \(south)</ows:LowerCorner>"
            s += "<ows:UpperCorner>\(east) \(north)</ows:UpperCorner></ows:BoundingBox>\n"
            s += "      <ows:Identifier>\(XML.escape(l.name))</ows:Identifier>\n"
            s += "      <Style isDefault=\"true\"><ows:Identifier>default</ows:Identifier>"
            if let link = legendLink(l.name, baseURL: baseURL, version: .v130) {
                s += "<LegendURL format=\"image/png\" xlink:href=\"\(XML.escape(link.href))\" width=\"\(link.width)\" height=\"\(link.height)\"/>"
            }
            s += "</Style>\n"
            for f in MapImageFormat.allCases { s += "      <Format>\(f.wmtsName)</Format>\n" }
            for f in FeatureInfoFormat.formats { s += "      <InfoFormat>\(f)</InfoFormat>\n" }
            for set in WMTSMatrixSet.all {
                s += "      <TileMatrixSetLink><TileMatrixSet>\(set.identifier)</TileMatrixSet></TileMatrixSetLink>\n"
            }
            let path = l.name.addingPercentEncoding(withAllowedCharacters: .unreservedURL) ?? l.name
            for f in MapImageFormat.allCases {
                let template = baseURL + "/wmts/1.0.0/\(path)/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.\(f.tileExtension)"
                s += "      <ResourceURL format=\"\(f.wmtsName)\" resourceType=\"tile\" template=\"\(XML.escape(template))\"/>\n"
            }
            for f in WMTSInfoFormat.extensions {
                let template = baseURL + "/wmts/1.0.0/\(path)/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}/{J}/{I}.\(f.ext)"
                s += "      <ResourceURL format=\"\(f.format)\" resourceType=\"FeatureInfo\" template=\"\(XML.escape(template))\"/>\n"
            }
            s += "    </Layer>\n"
        }
        for set in WMTSMatrixSet.all {
            s += "    <TileMatrixSet>\n      <ows:Identifier>\(set.identifier)</ows:Identifier>\n"
            s += "      <ows:SupportedCRS>\(set.supportedCRS)</ows:SupportedCRS>\n"
            if let alias = set.alias { s += "      <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:\(alias)</WellKnownScaleSet>\n" }
            for z in set.levels {
                s += "      <TileMatrix><ows:Identifier>\(z)</ows:Identifier>"
                s += "<ScaleDenominator>\(set.scaleDenominator0 / Double(1 << z))</ScaleDenominator>"
                s += "<TopLeftCorner>\(set.topLeftCorner)</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight>"
                s += "<MatrixWidth>\(set.columns(z))</MatrixWidth><MatrixHeight>\(set.rows(z))</MatrixHeight></TileMatrix>\n"
            }
            s += "    </TileMatrixSet>\n"
        }
        s += "  </Contents>\n"
        s += "  <ServiceMetadataURL xlink:href=\"\(XML.escape(baseURL + "/wmts/1.0.0/WMTSCapabilities.xml"))\"/>\n</Capabilities>\n"
        return s
    }
}

extension MapImageFormat {
    /// The format's name in WMTS capabilities and requests.
    var wmtsName: String { wmsNames[0] }
    /// The file extension of its tiles (`/tiles`, WMTS ResourceURLs).
    var tileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
