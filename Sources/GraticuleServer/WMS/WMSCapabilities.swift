import Foundation
import GraticuleCore
import GraticuleCRS
import GraticuleRaster
import Hummingbird

/// WMS capabilities documents (1.3.0 `WMS_Capabilities`, 1.1.1 `WMT_MS_Capabilities`): every
/// OnlineResource is the server's base URL as the client reached it (or the configured public
/// URL) + `/wms`, since OWSLib and QGIS send GetMap to the advertised URL. The root layer lists
/// EPSG:4326, CRS:84 (1.3.0), EPSG:3857 and then every geographic 2D and projected CRS of the
/// registry that is not deprecated (child layers inherit the list); each named layer carries
/// an EX_GeographicBoundingBox and a BoundingBox per advertised key CRS in that CRS's axis order.
extension GraticuleServer {
    func capabilitiesResponse(version: WMSVersion, baseURL: String) -> Response {
        let key = CapabilitiesKey(version: version, baseURL: baseURL)
        if let hit = state.capabilities.value(for: key) {
            return Responses.bytes(hit, contentType: version == .v130 ? "text/xml; charset=utf-8" : "application/vnd.ogc.wms_xml; charset=utf-8")
        }
        let xml = Array(capabilitiesXML(version: version, baseURL: baseURL).utf8)
        state.capabilities.insert(xml, for: key)
        return Responses.bytes(xml, contentType: version == .v130 ? "text/xml; charset=utf-8" : "application/vnd.ogc.wms_xml; charset=utf-8")
    }

    /// A capabilities document of the cache: WMS by version, WMTS (version nil) by base URL.
    struct CapabilitiesKey: Hashable, Sendable { var version: WMSVersion?; var baseURL: String }

    /// The built-in countries layers: the name maps, WMS and the OGC API use, the built-in
    /// layer's name, and the title.
    static let countriesLayers = [("countries", "countries110", "Natural Earth admin-0 countries 1:110m (v4.1.0)"),
                                  ("countries10m", "countries10m", "Natural Earth admin-0 countries 1:10m (v5.1.1)")]

    /// The served layers as capabilities documents (WMS, WMTS) and `/api/layers` describe them:
    /// name, kind (`countries`, `raster`, `vector`), title and extent in degrees (west, south,
    /// east, north).
    var layerDescriptions: [(name: String, kind: String, title: String, box: [Double])] {
        var layers = Self.countriesLayers.map { (name: $0.0, kind: "countries", title: $0.2, box: [-180.0, -90, 180, 90]) }
        for name in state.rasters.names {
            guard let r = try? state.rasters.raster(name) else { continue }
            layers.append((name, "raster", name == "ndvi" ? "NDVI of Landsat 7 ETM+ over Olinda, Brazil" : "Raster \(name)",
                           RasterBody(r).lonLatExtent ?? [-180, -90, 180, 90]))
        }
        for v in state.vectors.sorted {
            layers.append((v.name, "vector", v.title, v.lonLatExtent))
        }
        return layers
    }

    /// Registry CRSs for the capabilities' list (cached once: the registry does not change).
    var advertisedCRSs: [String] {
        state.advertisedCRSs.withLock { cached in
            if let cached { return cached }
            var list = ["EPSG:4326", "CRS:84", "EPSG:3857"]
            let ids = (try? state.registry.crsIdentifiers(types: [.geographic2D, .projected])) ?? []
            for (id, deprecated) in ids where !deprecated {
                let s = id.description
                if s != "EPSG:4326" && s != "EPSG:3857" { list.append(s) }
            }
            cached = list
            return list
        }
    }

    func capabilitiesXML(version: WMSVersion, baseURL: String) -> String {
        let url = XML.escape(baseURL + "/wms?")
        let v13 = version == .v130
        let crsTag = v13 ? "CRS" : "SRS"
        let limit = state.configuration.limits.maxImageSize
        let online = "<OnlineResource xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:type=\"simple\" xlink:href=\"\(url)\"/>"
        let dcp = "<DCPType><HTTP><Get>\(online)</Get></HTTP></DCPType>"
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if v13 {
            s += """
            <WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink" \
            xmlns:sld="http://www.opengis.net/sld" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
            xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd">

            """
        } else {
            s += "<!DOCTYPE WMT_MS_Capabilities SYSTEM \"http://schemas.opengis.net/wms/1.1.1/WMS_MS_Capabilities.dtd\">\n"
            s += "<WMT_MS_Capabilities version=\"1.1.1\">\n"
        }
        s += """
        <Service>
          <Name>\(v13 ? "WMS" : "OGC:WMS")</Name>
          <Title>Graticule</Title>
          <Abstract>Graticule map server: Natural Earth countries, rasters and vector files in any spatial reference of the registry.</Abstract>
          \(online)
          <Fees>none</Fees>
          <AccessConstraints>none</AccessConstraints>

        """
        if v13 { s += "  <LayerLimit>16</LayerLimit>\n  <MaxWidth>\(limit)</MaxWidth>\n  <MaxHeight>\(limit)</MaxHeight>\n" }
        s += "</Service>\n<Capability>\n  <Request>\n"
        s += "    <GetCapabilities><Format>\(v13 ? "text/xml" : "application/vnd.ogc.wms_xml")</Format>\(dcp)</GetCapabilities>\n"
        let imageFormats = (MapImageFormat.allCases.flatMap(\.wmsNames) + ["image/svg+xml"])
            .map { "<Format>\(XML.escape($0))</Format>" }.joined()
        s += "    <GetMap>\(imageFormats)\(dcp)</GetMap>\n"
        s += "    <GetFeatureInfo>" + FeatureInfoFormat.formats.map { "<Format>\($0)</Format>" }.joined() + "\(dcp)</GetFeatureInfo>\n"
        // The SLD profile's operation: an extended operation of 1.3.0, and in 1.1.1 one of the
        // optional requests its DTD names after GetFeatureInfo (DescribeLayer?, GetLegendGraphic?,
        // GetStyles?, PutStyles?).
        let legend = v13 ? "sld:GetLegendGraphic" : "GetLegendGraphic"
        s += "    <\(legend)>\(imageFormats)\(dcp)</\(legend)>\n"
        s += "  </Request>\n  <Exception>\(WMSExceptionFormat.names(version).map { "<Format>\($0)</Format>" }.joined())</Exception>\n"
        s += "  <Layer>\n    <Title>Graticule</Title>\n"
        for c in advertisedCRSs where v13 || c != "CRS:84" { s += "    <\(crsTag)>\(c)</\(crsTag)>\n" }
        s += boxes(west: -180, south: -90, east: 180, north: 90, v13: v13, indent: "    ")
        for l in layerDescriptions {
            s += "    <Layer queryable=\"1\">\n      <Name>\(XML.escape(l.name))</Name>\n      <Title>\(XML.escape(l.title))</Title>\n"
            s += boxes(west: l.box[0], south: l.box[1], east: l.box[2], north: l.box[3], v13: v13, indent: "      ")
            if let link = legendLink(l.name, baseURL: baseURL, version: version) {
                s += "      <Style><Name>default</Name><Title>default</Title>"
                s += "<LegendURL width=\"\(link.width)\" height=\"\(link.height)\"><Format>image/png</Format>"
                s += "<OnlineResource xmlns:xlink=\"http://www.w3.org/1999/xlink\" xlink:type=\"simple\" xlink:href=\"\(XML.escape(link.href))\"/>"
                s += "</LegendURL></Style>\n"
            }
            s += "    </Layer>\n"
        }
        s += "  </Layer>\n</Capability>\n</\(v13 ? "WMS_Capabilities" : "WMT_MS_Capabilities")>\n"
        return s
    }

    /// The geographic box and BoundingBoxes in EPSG:4326, CRS:84 and EPSG:3857 (each in its
    /// axis order for 1.3.0: EPSG:4326 latitude first).
    func boxes(west: Double, south: Double, east: Double, north: Double, v13: Bool, indent: String) -> String {
        var s = ""
        if v13 {
            s += "\(indent)<EX_GeographicBoundingBox><westBoundLongitude>\(west)</westBoundLongitude><eastBoundLongitude>\(east)</eastBoundLongitude>"
            s += "<southBoundLatitude>\(south)</southBoundLatitude><northBoundLatitude>\(north)</northBoundLatitude></EX_GeographicBoundingBox>\n"
            s += "\(indent)<BoundingBox CRS=\"CRS:84\" minx=\"\(west)\" miny=\"\(south)\" maxx=\"\(east)\" maxy=\"\(north)\"/>\n"
            s += "\(indent)<BoundingBox CRS=\"EPSG:4326\" minx=\"\(south)\" miny=\"\(west)\" maxx=\"\(north)\" maxy=\"\(east)\"/>\n"
        } else {
            s += "\(indent)<LatLonBoundingBox minx=\"\(west)\" miny=\"\(south)\" maxx=\"\(east)\" maxy=\"\(north)\"/>\n"
            s += "\(indent)<BoundingBox SRS=\"EPSG:4326\" minx=\"\(west)\" miny=\"\(south)\" maxx=\"\(east)\" maxy=\"\(north)\"/>\n"
        }
        let (minX, minY) = WebMercator.metres(longitude: west, latitude: south)
        let (maxX, maxY) = WebMercator.metres(longitude: east, latitude: north)
        s += "\(indent)<BoundingBox \(v13 ? "CRS" : "SRS")=\"EPSG:3857\" minx=\"\(minX)\" miny=\"\(minY)\" "
        s += "maxx=\"\(maxX)\" maxy=\"\(maxY)\"/>\n"
        return s
    }
}

extension CharacterSet {
    /// RFC 3986's unreserved characters (letters, digits, `-._~`): what a query value keeps unescaped.
    static let unreservedURL = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
