import type { GhanaPlace } from './build-gazetteer.ts';

/**
 * Ghana's neighbourhoods (suburbs, "areas") that people name when they say where they are, which the
 * GeoNames extract in `cities.json` (towns of 1,000+ people) does not hold: Bantama, Adum, East Legon,
 * Spintex… gazetteer.ts merges them into the places it searches and reverse-geocodes; a name the
 * generated list already has for the same city (Osu, Madina, Tafo…) keeps the GeoNames entry.
 *
 * HONEST NOTE ON THE DATA: these rows are hand-compiled. The names are the ones GeoNames lists as
 * PPLX (section of populated place) for Ghana, as far as we know them; the coordinates are
 * approximate centres from general knowledge, meant to be right to about 1 km (the Tema community
 * numbers and the Ho and Koforidua areas to about 2 km). They have not been checked against the
 * GeoNames dump, which is not available offline here: when it is (GH.txt, feature code PPLX), check
 * and replace them, and prefer generating this file from it. Where a row does come from GeoNames it
 * is under CC BY 4.0 (https://www.geonames.org), like ghana-places.gen.ts.
 */
type Row = readonly [name: string, latitude: number, longitude: number, aliases?: readonly string[]];

const AREAS: Readonly<Record<string, { region: string; rows: readonly Row[] }>> = {
  Accra: {
    region: 'Greater Accra',
    rows: [
      ['Osu', 5.556, -0.182],
      ['Labone', 5.564, -0.173],
      ['Cantonments', 5.575, -0.17, ['Cantonment']],
      ['Airport Residential Area', 5.601, -0.18, ['Airport Residential', 'Airport Area']],
      ['East Legon', 5.636, -0.156],
      ['West Legon', 5.65, -0.205],
      ['Legon', 5.651, -0.187, ['University of Ghana']],
      ['Spintex', 5.628, -0.105, ['Spintex Road']],
      ['La', 5.558, -0.158, ['Labadi', 'La Dadekotopon']],
      ['Dansoman', 5.546, -0.268],
      ['Kaneshie', 5.57, -0.235],
      ['North Kaneshie', 5.583, -0.237],
      ['Lapaz', 5.607, -0.25, ['Abeka Lapaz']],
      ['Achimota', 5.62, -0.223],
      ['Dzorwulu', 5.605, -0.199],
      ['Roman Ridge', 5.596, -0.194],
      ['Ridge', 5.563, -0.199],
      ['Adabraka', 5.559, -0.208],
      ['Asylum Down', 5.566, -0.202],
      ['Abeka', 5.597, -0.242],
      ['Kokomlemle', 5.576, -0.209],
      ['Tesano', 5.599, -0.228],
      ['Haatso', 5.666, -0.202],
      ['Kwabenya', 5.68, -0.24],
      ['Weija', 5.562, -0.34],
      ['Labadi Beach', 5.56, -0.15],
      ['Airport City', 5.607, -0.172],
      ['East Airport', 5.607, -0.155],
      ['Tse Addo', 5.574, -0.138],
      ['Burma Camp', 5.588, -0.156],
      ['Kpehe', 5.6, -0.21],
      ['Nima', 5.584, -0.199],
      ['Mamprobi', 5.537, -0.239],
      ['Korle Bu', 5.538, -0.227],
      ['Odorkor', 5.574, -0.263],
      ['Darkuman', 5.583, -0.251],
      ['Mallam', 5.572, -0.287],
      ['McCarthy Hill', 5.568, -0.3],
      ['Ofankor', 5.66, -0.26],
      ['Pokuase', 5.686, -0.284],
      ['Tantra Hill', 5.628, -0.256],
      ['Abelemkpe', 5.61, -0.21],
      ['North Legon', 5.69, -0.19],
      ['Oyarifa', 5.751, -0.175],
    ],
  },
  Tema: {
    region: 'Greater Accra',
    rows: [
      ['Community 1', 5.638, 0.011, ['Tema Community 1', 'Comm 1']],
      ['Community 2', 5.648, 0.0, ['Tema Community 2', 'Comm 2']],
      ['Community 3', 5.655, 0.013, ['Tema Community 3', 'Comm 3']],
      ['Community 4', 5.66, -0.01, ['Tema Community 4', 'Comm 4']],
      ['Community 5', 5.65, -0.022, ['Tema Community 5', 'Comm 5']],
      ['Community 6', 5.643, 0.027, ['Tema Community 6', 'Comm 6']],
      ['Community 7', 5.668, -0.003, ['Tema Community 7', 'Comm 7']],
      ['Community 8', 5.662, -0.025, ['Tema Community 8', 'Comm 8']],
      ['Community 9', 5.672, -0.028, ['Tema Community 9', 'Comm 9']],
      ['Community 10', 5.678, -0.012, ['Tema Community 10', 'Comm 10']],
      ['Community 11', 5.676, -0.04, ['Tema Community 11', 'Comm 11']],
      ['Community 12', 5.686, 0.0, ['Tema Community 12', 'Comm 12']],
      ['Community 13', 5.69, -0.02, ['Tema Community 13', 'Comm 13']],
      ['Community 14', 5.695, -0.035, ['Tema Community 14', 'Comm 14']],
      ['Community 15', 5.7, -0.05, ['Tema Community 15', 'Comm 15']],
      ['Community 16', 5.705, -0.015, ['Tema Community 16', 'Comm 16']],
      ['Community 17', 5.71, 0.0, ['Tema Community 17', 'Comm 17']],
      ['Community 18', 5.7, 0.01, ['Tema Community 18', 'Comm 18']],
      ['Community 19', 5.712, 0.022, ['Tema Community 19', 'Comm 19']],
      ['Community 20', 5.718, 0.035, ['Tema Community 20', 'Comm 20']],
      ['Community 21', 5.725, 0.01, ['Tema Community 21', 'Comm 21']],
      ['Community 22', 5.73, -0.01, ['Tema Community 22', 'Comm 22']],
      ['Community 23', 5.735, 0.03, ['Tema Community 23', 'Comm 23']],
      ['Community 24', 5.74, 0.045, ['Tema Community 24', 'Comm 24']],
      ['Community 25', 5.748, 0.015, ['Tema Community 25', 'Comm 25']],
      ['Sakumono', 5.621, -0.052],
      ['Lashibi', 5.685, -0.04],
      ['Baatsona', 5.628, -0.085],
      ['Kpone', 5.692, 0.042],
    ],
  },
  Kumasi: {
    region: 'Ashanti',
    rows: [
      ['Adum', 6.692, -1.624],
      ['Kejetia', 6.697, -1.624],
      ['Bantama', 6.703, -1.635],
      ['Asafo', 6.686, -1.615],
      ['Suame', 6.72, -1.63],
      ['Tafo', 6.731, -1.614],
      ['Ahodwo', 6.668, -1.628],
      ['Nhyiaeso', 6.678, -1.64, ['Nhyiaso']],
      ['Asokwa', 6.67, -1.605],
      ['Santasi', 6.665, -1.655],
      ['Kwadaso', 6.695, -1.665],
      ['Ayigya', 6.685, -1.57],
      ['Bomso', 6.682, -1.583],
      ['Ayeduase', 6.67, -1.563],
      ['KNUST', 6.675, -1.572, ['Kwame Nkrumah University of Science and Technology']],
      ['Atonsu', 6.65, -1.595],
      ['Manhyia', 6.708, -1.617],
      ['Danyame', 6.676, -1.63],
      ['Patasi', 6.69, -1.65],
      ['Amakom', 6.69, -1.605],
      ['Krofrom', 6.711, -1.607],
      ['Oforikrom', 6.683, -1.593],
      ['Dichemso', 6.709, -1.625],
      ['Abrepo', 6.715, -1.652],
      ['Atasemanso', 6.646, -1.66],
    ],
  },
  Tamale: {
    region: 'Northern',
    rows: [
      ['Lamashegu', 9.39, -0.85],
      ['Kalpohin', 9.422, -0.855],
      ['Vittin', 9.37, -0.825],
      ['Sakasaka', 9.405, -0.85],
      ['Changli', 9.395, -0.825],
      ['Kakpagyili', 9.375, -0.8],
      ['Gumani', 9.42, -0.83],
      ['Nyohini', 9.412, -0.848],
      ['Lamakaraa', 9.405, -0.825],
      ['Aboabo', 9.404, -0.832],
    ],
  },
  Takoradi: {
    region: 'Western',
    rows: [
      ['Anaji', 4.93, -1.78],
      ['Effia', 4.925, -1.76],
      ['Kwesimintsim', 4.915, -1.78],
      ['Airport Ridge', 4.905, -1.77],
      ['Beach Road', 4.895, -1.745],
      ['Market Circle', 4.898, -1.755],
      ['Tanokrom', 4.912, -1.765],
    ],
  },
  'Cape Coast': {
    region: 'Central',
    rows: [
      ['Abura', 5.12, -1.265],
      ['Pedu', 5.125, -1.275],
      ['Kotokuraba', 5.108, -1.245],
      ['Amamoma', 5.113, -1.292],
      ['UCC', 5.119, -1.284, ['University of Cape Coast']],
      ['Bakaano', 5.102, -1.25],
      ['Ola', 5.112, -1.26],
    ],
  },
  Ho: {
    region: 'Volta',
    rows: [
      ['Bankoe', 6.59, 0.478, ['Ho Bankoe']],
      ['Ho Dome', 6.615, 0.475],
      ['Ahoe', 6.595, 0.465, ['Ho Ahoe']],
      ['Heve', 6.61, 0.46, ['Ho Heve']],
      ['Ho Housing', 6.605, 0.483],
    ],
  },
  Koforidua: {
    region: 'Eastern',
    rows: [
      ['Adweso', 6.08, -0.26],
      ['Betom', 6.09, -0.25],
      ['Srodae', 6.085, -0.27],
      ['Effiduase', 6.1, -0.27, ['Koforidua Effiduase']],
      ['Oyoko', 6.075, -0.245],
    ],
  },
};

/** Every curated neighbourhood as a gazetteer place, its city set (placeParts gives city + neighbourhood). */
export const GHANA_NEIGHBOURHOODS: readonly GhanaPlace[] = Object.entries(AREAS).flatMap(([city, area]) =>
  area.rows.map(([name, latitude, longitude, aliases = []]) => ({
    name,
    region: area.region,
    latitude,
    longitude,
    city,
    aliases: [...aliases],
  })),
);
