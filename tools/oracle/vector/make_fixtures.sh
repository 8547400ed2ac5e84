#!/bin/sh
# Vector fixtures written by GDAL (ogr2ogr 3.6.2, Debian gdal-bin) for Tests/GraticuleIOTests/Fixtures:
#   booleans.geojson  hand-written: booleans, integers, a field mixing true/false with numbers, null
#   booleans.gpkg     ogr2ogr of it: BOOLEAN column (GDAL's Integer(Boolean)), with GDAL's R-tree
#   booleans.shp/.dbf ogr2ogr of it: dBASE logical (L) field
#   ne110_rtree.gpkg  ogr2ogr of the 110m countries fixture (ADM0_A3 and NAME only), GDAL's R-tree
#                     rtree_ne110_rtree_geom (the spatial index test reads it)
# Usage: sh tools/oracle/vector/make_fixtures.sh
set -eu
F=Tests/GraticuleIOTests/Fixtures
cat > $F/booleans.geojson <<'JSON'
{"type":"FeatureCollection","name":"booleans","features":[
{"type":"Feature","properties":{"name":"a","flag":true,"n":1,"mixed":true},"geometry":{"type":"Point","coordinates":[1.5,2.5]}},
{"type":"Feature","properties":{"name":"b","flag":false,"n":2,"mixed":7},"geometry":{"type":"Point","coordinates":[-3.25,4.0]}},
{"type":"Feature","properties":{"name":"c","flag":null,"n":3,"mixed":false},"geometry":{"type":"Point","coordinates":[10.0,-20.0]}},
{"type":"Feature","properties":{"name":"d","flag":true,"n":null,"mixed":null},"geometry":null}
]}
JSON
rm -f $F/booleans.gpkg $F/booleans.shp $F/booleans.shx $F/booleans.dbf $F/booleans.prj $F/booleans.cpg $F/ne110_rtree.gpkg
ogr2ogr -f GPKG $F/booleans.gpkg $F/booleans.geojson
ogr2ogr -f "ESRI Shapefile" $F/booleans.shp $F/booleans.geojson
ogr2ogr -f GPKG -nlt PROMOTE_TO_MULTI -nln ne110_rtree -select ADM0_A3,NAME $F/ne110_rtree.gpkg $F/ne_110m_admin_0_countries.shp
ogrinfo -so $F/booleans.gpkg booleans | grep -E '^(flag|n|mixed|name):'
ogrinfo -so $F/booleans.shp booleans | grep -E '^(flag|n|mixed|name):'
ogrinfo -so $F/booleans.geojson booleans | grep -E '^(flag|n|mixed|name):'
