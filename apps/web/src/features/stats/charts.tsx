// The chart components, in a chunk of their own (recharts is most of the dashboard's code): the
// page's figures show while it loads. Imported only through lazyCharts.tsx.
import '@mantine/charts/styles.css';

export { AreaChart, DonutChart, Sparkline } from '@mantine/charts';
