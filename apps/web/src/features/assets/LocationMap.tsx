import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import classes from './Assets.module.css';

/** Degrees of longitude the map spans; latitude follows the box's shape. */
const SPAN_LNG = 40;
const WIDTH = 320;
const HEIGHT = 180;

type Ring = [number, number][];

/**
 * A small map of where a photo was taken, drawn from Natural Earth's 1:110m country outlines
 * bundled with the app: no tile server to reach, nothing to allow in the content policy, and
 * nobody outside learns which places the team's photos show.
 */
export default function LocationMap({ lat, lng, label }: { lat: number; lng: number; label: string }) {
  const path = useMemo(() => outlines(lat, lng), [lat, lng]);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className={classes.locationMap}
      role="img"
      aria-label={label}
      data-testid="location-map"
    >
      <rect width={WIDTH} height={HEIGHT} className={classes.locationSea} />
      <path d={path} className={classes.locationLand} />
      <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={9} className={classes.locationHalo} />
      <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={4.5} className={classes.locationDot} />
    </svg>
  );
}

/**
 * The outlines around the point, equirectangular with longitudes shrunk by the cosine of the
 * latitude (so Spain is not drawn twice as wide as it is), centred on the point.
 */
function outlines(lat: number, lng: number): string {
  const k = Math.cos((lat * Math.PI) / 180) || 1;
  const scale = WIDTH / SPAN_LNG / k;
  const x = (lo: number) => {
    // Wrap so the nearer copy of a place across the antimeridian is drawn.
    let d = lo - lng;
    if (d > 180) d -= 360;
    if (d < -180) d += 360;
    return WIDTH / 2 + d * k * scale;
  };
  const y = (la: number) => HEIGHT / 2 - (la - lat) * scale;
  const topo = countries as unknown as Topology<{ countries: GeometryCollection }>;
  const world = feature(topo, topo.objects.countries);
  const parts: string[] = [];
  for (const f of world.features) {
    const g = f.geometry;
    const polygons: Ring[][] =
      g.type === 'Polygon' ? [g.coordinates as Ring[]] : g.type === 'MultiPolygon' ? (g.coordinates as Ring[][]) : [];
    for (const poly of polygons)
      for (const ring of poly) {
        let d = '';
        let prevX: number | undefined;
        for (const [lo, la] of ring) {
          const px = x(lo);
          // A jump across the map is the antimeridian: start a new piece rather than a line across.
          const jump = prevX !== undefined && Math.abs(px - prevX) > WIDTH;
          d += `${d === '' || jump ? 'M' : 'L'}${px.toFixed(1)},${y(la).toFixed(1)}`;
          prevX = px;
        }
        parts.push(`${d}Z`);
      }
  }
  return parts.join('');
}
