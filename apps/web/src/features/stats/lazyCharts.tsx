import { Suspense, lazy } from 'react';
import { Skeleton } from '@mantine/core';
import type { AreaChartProps, DonutChartProps, SparklineProps } from '@mantine/charts';

const Area = lazy(() => import('./charts').then((m) => ({ default: m.AreaChart })));
const Donut = lazy(() => import('./charts').then((m) => ({ default: m.DonutChart })));
const Spark = lazy(() => import('./charts').then((m) => ({ default: m.Sparkline })));

/** @mantine/charts' AreaChart, its code loaded on first use (a skeleton of its size meanwhile). */
export function AreaChart(props: AreaChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h as number} />}>
      <Area {...props} />
    </Suspense>
  );
}

export function DonutChart(props: DonutChartProps) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<Skeleton h={size} w={size} circle />}>
      <Donut {...props} />
    </Suspense>
  );
}

export function Sparkline(props: SparklineProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h as number} w={props.w as number} />}>
      <Spark {...props} />
    </Suspense>
  );
}
