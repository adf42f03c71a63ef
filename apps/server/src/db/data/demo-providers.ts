/**
 * Material for the demo providers (db/demo-seed.ts): Ghanaian names, cities, and per category the
 * services people offer with realistic prices in Ghana cedis (turned into pesewas by the seed).
 */

export const FIRST_NAMES = [
  // Akan day names and common names
  'Kwame', 'Kofi', 'Kwabena', 'Kwaku', 'Yaw', 'Kwasi', 'Kojo', 'Kwadwo', 'Ama', 'Akosua', 'Adwoa',
  'Abena', 'Akua', 'Yaa', 'Afua', 'Efua', 'Esi', 'Araba', 'Adjoa', 'Abenaa', 'Nana', 'Maame',
  // Ga and Ewe
  'Nii', 'Naa', 'Dede', 'Korkor', 'Tetteh', 'Selorm', 'Senyo', 'Edem', 'Dzifa', 'Elikem', 'Mawuli',
  'Delali', 'Sena', 'Kafui', 'Enyonam', 'Xorse', 'Yayra', 'Makafui',
  // Northern
  'Abdul', 'Fuseini', 'Alhassan', 'Mohammed', 'Amina', 'Zeinab', 'Rahinatu', 'Issah', 'Salifu',
  'Mariam', 'Fatima', 'Ibrahim', 'Awal', 'Hawa', 'Lamisi', 'Asana',
  // Common English names
  'Emmanuel', 'Samuel', 'Grace', 'Mercy', 'Comfort', 'Gifty', 'Joyce', 'Patience', 'Ebenezer',
  'Prince', 'Felix', 'Isaac', 'Richard', 'Joseph', 'Eunice', 'Priscilla', 'Linda', 'Doris',
  'Vida', 'Cecilia', 'Benedicta', 'Bernard', 'Daniel', 'Esther', 'Gloria', 'Michael', 'Rita',
] as const;

export const LAST_NAMES = [
  'Mensah', 'Boateng', 'Owusu', 'Asante', 'Osei', 'Agyeman', 'Appiah', 'Darko', 'Amoah', 'Ofori',
  'Addo', 'Quaye', 'Tetteh', 'Lamptey', 'Quarshie', 'Ankrah', 'Nkrumah', 'Acheampong', 'Frimpong',
  'Sarpong', 'Badu', 'Bonsu', 'Danquah', 'Gyamfi', 'Kyei', 'Opoku', 'Adjei', 'Kumi', 'Agbeko',
  'Dzikunu', 'Amenyo', 'Kpodo', 'Fiagbe', 'Gbedemah', 'Abubakar', 'Iddrisu', 'Yakubu', 'Mahama',
  'Seidu', 'Issahaku', 'Dramani', 'Baffour', 'Ansah', 'Wiredu', 'Kusi', 'Nyarko', 'Annan',
  'Arthur', 'Essien', 'Eshun', 'Aidoo', 'Bentil', 'Amponsah', 'Yeboah', 'Antwi', 'Oduro', 'Donkor',
  'Sackey', 'Aryee', 'Odoi', 'Kotey', 'Agyei', 'Asamoah', 'Boakye', 'Sey', 'Atta', 'Awuah',
] as const;

/** City, region, centre, how many of the demo providers live there (relative weight), neighbourhoods. */
export interface DemoCity {
  city: string;
  region: string;
  latitude: number;
  longitude: number;
  weight: number;
  areas: readonly string[];
}

export const DEMO_CITIES: readonly DemoCity[] = [
  { city: 'Accra', region: 'Greater Accra', latitude: 5.556, longitude: -0.1969, weight: 60, areas: ['Osu', 'East Legon', 'Dansoman', 'Labone', 'Achimota', 'Kaneshie', 'Spintex', 'Cantonments', 'Dzorwulu', 'Lapaz'] },
  { city: 'Kumasi', region: 'Ashanti', latitude: 6.6885, longitude: -1.6244, weight: 45, areas: ['Adum', 'Bantama', 'Asokwa', 'Suame', 'Ahodwo', 'Santasi', 'Nhyiaeso', 'Kwadaso', 'Tafo', 'Ayigya'] },
  { city: 'Tema', region: 'Greater Accra', latitude: 5.6698, longitude: -0.0166, weight: 20, areas: ['Community 1', 'Community 7', 'Community 11', 'Community 25', 'Sakumono', 'Lashibi'] },
  { city: 'Tamale', region: 'Northern', latitude: 9.4008, longitude: -0.8393, weight: 20, areas: ['Lamashegu', 'Kalpohin', 'Vittin', 'Sakasaka', 'Choggu', 'Gumani'] },
  { city: 'Takoradi', region: 'Western', latitude: 4.8982, longitude: -1.7603, weight: 18, areas: ['Anaji', 'Effiakuma', 'Kwesimintsim', 'Market Circle', 'Beach Road', 'Sekondi'] },
  { city: 'Cape Coast', region: 'Central', latitude: 5.1054, longitude: -1.2466, weight: 15, areas: ['Abura', 'Pedu', 'Kotokuraba', 'Amamoma', 'Ola', 'Bakaano'] },
  { city: 'Madina', region: 'Greater Accra', latitude: 5.6658, longitude: -0.1631, weight: 14, areas: ['Zongo Junction', 'Social Welfare', 'Estates', 'Redco', 'Libya Quarters'] },
  { city: 'Kasoa', region: 'Central', latitude: 5.5345, longitude: -0.4168, weight: 14, areas: ['Galilea', 'Millennium City', 'Tollbooth', 'Opeikuma', 'Old Barrier'] },
  { city: 'Teshie', region: 'Greater Accra', latitude: 5.5837, longitude: -0.1072, weight: 12, areas: ['Nungua Junction', 'Tsui Bleoo', 'Lascala', 'Teshie Camp', 'Estate'] },
  { city: 'Ashaiman', region: 'Greater Accra', latitude: 5.6995, longitude: -0.0348, weight: 12, areas: ['Lebanon', 'Middle East', 'Taifa', 'Tulaku', 'Roman Down'] },
  { city: 'Sunyani', region: 'Bono', latitude: 7.3399, longitude: -2.3268, weight: 12, areas: ['Penkwase', 'Abesim', 'Nkwabeng', 'Area 3', 'Fiapre'] },
  { city: 'Ho', region: 'Volta', latitude: 6.6008, longitude: 0.4713, weight: 12, areas: ['Bankoe', 'Ahoe', 'Heve', 'Dome', 'Civic Centre'] },
  { city: 'Koforidua', region: 'Eastern', latitude: 6.0941, longitude: -0.2591, weight: 12, areas: ['Adweso', 'Effiduase', 'Srodae', 'Betom', 'Oyoko'] },
  { city: 'Obuasi', region: 'Ashanti', latitude: 6.2023, longitude: -1.668, weight: 10, areas: ['Tutuka', 'Gauso', 'Boete', 'Anyinam', 'Wawasi'] },
  { city: 'Techiman', region: 'Bono East', latitude: 7.5905, longitude: -1.9395, weight: 10, areas: ['Kenten', 'Ahenbronoso', 'Hansua', 'Agosey'] },
  { city: 'Wa', region: 'Upper West', latitude: 10.0607, longitude: -2.5019, weight: 8, areas: ['Kpaguri', 'Dobile', 'Konta', 'Wapaani'] },
  { city: 'Bolgatanga', region: 'Upper East', latitude: 10.7856, longitude: -0.8514, weight: 8, areas: ['Zaare', 'Soe', 'Yikene', 'Dulugu'] },
  { city: 'Nkawkaw', region: 'Eastern', latitude: 6.5458, longitude: -0.7626, weight: 8, areas: ['Zongo', 'Asona', 'Atibie Road'] },
  { city: 'Winneba', region: 'Central', latitude: 5.3511, longitude: -0.6231, weight: 8, areas: ['Kojo Beedu', 'Low Cost', 'Sankor', 'University Area'] },
  { city: 'Hohoe', region: 'Volta', latitude: 7.1518, longitude: 0.4736, weight: 7, areas: ['Gbi Kpoeta', 'Fodome Road', 'Ahado'] },
  { city: 'Aflao', region: 'Volta', latitude: 6.1198, longitude: 1.1901, weight: 7, areas: ['Border Area', 'Viepe', 'Denu'] },
  { city: 'Yendi', region: 'Northern', latitude: 9.4427, longitude: -0.0099, weight: 7, areas: ['Gbungbaliga', 'Kuga', 'Balogu'] },
  { city: 'Berekum', region: 'Bono', latitude: 7.4534, longitude: -2.584, weight: 7, areas: ['Kato', 'Senase', 'Ahenbronum'] },
  { city: 'Keta', region: 'Volta', latitude: 5.9179, longitude: 0.9879, weight: 5, areas: ['Vodza', 'Abutiakope', 'Tegbi'] },
];

/** [title, price type, lowest GHS, highest GHS, duration in minutes or null]. */
export type ServiceTemplate = readonly [
  title: string,
  priceType: 'fixed' | 'hourly' | 'from',
  minCedis: number,
  maxCedis: number,
  duration: number | null,
];

export const SERVICE_TEMPLATES: Readonly<Record<string, readonly ServiceTemplate[]>> = {
  'hair-braiding': [
    ['Knotless braids', 'from', 180, 450, 300],
    ['Cornrows and all-back', 'fixed', 60, 150, 120],
    ['Twists and locs retwist', 'from', 120, 300, 180],
  ],
  hairdressing: [
    ['Relaxing and treatment', 'fixed', 80, 200, 120],
    ['Wig install and styling', 'from', 150, 400, 150],
  ],
  barbering: [
    ['Haircut and fade', 'fixed', 30, 80, 45],
    ['Home haircut for kids', 'fixed', 40, 100, 60],
    ['Beard trim and shape-up', 'fixed', 20, 50, 30],
  ],
  makeup: [
    ['Bridal makeup', 'from', 600, 2500, 180],
    ['Event makeup', 'fixed', 200, 600, 90],
  ],
  nails: [
    ['Gel manicure', 'fixed', 80, 180, 60],
    ['Acrylic nails full set', 'from', 150, 350, 120],
    ['Pedicure at home', 'fixed', 70, 160, 60],
  ],
  massage: [
    ['Full body massage at home', 'fixed', 250, 500, 60],
    ['Deep tissue massage', 'hourly', 200, 450, 60],
  ],
  'lash-brow': [
    ['Lash extensions', 'from', 200, 450, 120],
    ['Brow shaping and tint', 'fixed', 60, 150, 45],
  ],
  plumbing: [
    ['Leak repair', 'from', 100, 300, 60],
    ['Water tank and pump installation', 'from', 400, 1500, 240],
    ['Bathroom fittings installation', 'from', 300, 900, 180],
  ],
  electrical: [
    ['House wiring', 'from', 1500, 6000, null],
    ['Socket and switch repair', 'fixed', 80, 200, 60],
    ['Prepaid meter troubleshooting', 'fixed', 100, 250, 60],
  ],
  'house-cleaning': [
    ['Regular home cleaning', 'fixed', 150, 350, 180],
    ['Deep cleaning', 'from', 400, 1200, 360],
    ['Move-out cleaning', 'from', 500, 1500, 480],
  ],
  laundry: [
    ['Wash and iron (per bag)', 'fixed', 60, 150, null],
    ['Pick-up and delivery laundry', 'from', 80, 200, null],
  ],
  painting: [
    ['Interior painting per room', 'from', 400, 1200, 480],
    ['Exterior painting', 'from', 2500, 9000, null],
  ],
  carpentry: [
    ['Kitchen cabinets', 'from', 3000, 12000, null],
    ['Door repair and hanging', 'fixed', 150, 400, 120],
  ],
  masonry: [
    ['Floor tiling per square metre', 'fixed', 40, 90, null],
    ['Plastering and blockwork', 'from', 800, 4000, null],
  ],
  'ac-repair': [
    ['AC servicing', 'fixed', 200, 450, 90],
    ['AC installation', 'from', 600, 1500, 240],
  ],
  fumigation: [
    ['Home fumigation', 'from', 350, 1200, 180],
    ['Termite treatment', 'from', 800, 3000, null],
  ],
  gardening: [
    ['Lawn mowing and trimming', 'fixed', 150, 400, 180],
    ['Compound landscaping', 'from', 1500, 8000, null],
  ],
  'appliance-repair': [
    ['Fridge and freezer repair', 'from', 150, 500, 120],
    ['Washing machine repair', 'from', 150, 450, 120],
  ],
  welding: [
    ['Burglar-proof windows', 'from', 1200, 5000, null],
    ['Gate fabrication', 'from', 3500, 15000, null],
  ],
  borehole: [
    ['Borehole drilling', 'from', 12000, 35000, null],
    ['Water pump repair', 'from', 300, 1200, 180],
  ],
  solar: [
    ['Solar panel installation', 'from', 8000, 45000, null],
    ['Inverter and battery servicing', 'fixed', 400, 1000, 180],
  ],
  'tutoring-primary': [
    ['Maths and English lessons', 'hourly', 60, 150, 60],
    ['Homework support', 'hourly', 50, 120, 60],
  ],
  'tutoring-jhs-shs': [
    ['BECE preparation', 'hourly', 80, 200, 90],
    ['WASSCE core maths and science', 'hourly', 100, 250, 90],
  ],
  languages: [
    ['Twi lessons', 'hourly', 80, 200, 60],
    ['French lessons', 'hourly', 100, 250, 60],
  ],
  'music-lessons': [
    ['Piano lessons', 'hourly', 120, 300, 60],
    ['Guitar lessons', 'hourly', 100, 250, 60],
  ],
  'coding-lessons': [
    ['Coding for kids (Scratch, Python)', 'hourly', 120, 300, 60],
    ['Web development bootcamp', 'from', 1500, 5000, null],
  ],
  'driving-lessons': [
    ['Learner driving course', 'from', 1500, 3500, null],
    ['Refresher driving lesson', 'hourly', 150, 300, 60],
  ],
  catering: [
    ['Party jollof and chicken (per head)', 'fixed', 60, 150, null],
    ['Small chops platter', 'from', 400, 1500, null],
    ['Wedding catering', 'from', 8000, 40000, null],
  ],
  'event-planning': [
    ['Wedding planning', 'from', 5000, 25000, null],
    ['Birthday party planning', 'from', 1500, 6000, null],
  ],
  decoration: [
    ['Canopies and chairs setup', 'from', 800, 4000, null],
    ['Themed event decor', 'from', 2000, 10000, null],
  ],
  photography: [
    ['Event photography', 'from', 1200, 5000, 360],
    ['Portrait session', 'fixed', 400, 1200, 90],
  ],
  videography: [
    ['Wedding videography', 'from', 3000, 12000, 480],
    ['Music video shoot', 'from', 2500, 10000, 480],
  ],
  'dj-mc': [
    ['DJ for parties', 'from', 1200, 5000, 300],
    ['MC for weddings', 'from', 1500, 6000, 300],
  ],
  baking: [
    ['Birthday cake', 'from', 250, 900, null],
    ['Wedding cake', 'from', 1500, 6000, null],
  ],
  'phone-repair': [
    ['Screen replacement', 'from', 150, 1200, 60],
    ['Battery replacement', 'fixed', 120, 400, 45],
  ],
  'computer-repair': [
    ['Laptop repair and servicing', 'from', 150, 600, 120],
    ['Windows installation', 'fixed', 100, 250, 90],
  ],
  'web-development': [
    ['Business website', 'from', 3000, 12000, null],
    ['Online shop setup', 'from', 5000, 20000, null],
  ],
  'graphic-design': [
    ['Logo design', 'from', 400, 2000, null],
    ['Flyer and social media designs', 'fixed', 150, 500, null],
  ],
  'social-media': [
    ['Monthly social media management', 'from', 1500, 5000, null],
    ['Facebook and Instagram ads setup', 'fixed', 500, 1500, null],
  ],
  cctv: [
    ['CCTV camera installation (4 cameras)', 'from', 2500, 7000, null],
    ['Alarm system installation', 'from', 1500, 5000, null],
  ],
  tailoring: [
    ['Kaba and slit', 'from', 250, 800, null],
    ['Men\'s suit made to measure', 'from', 900, 3000, null],
    ['Alterations', 'from', 30, 120, null],
  ],
  'kente-weaving': [
    ['Handwoven kente (full piece)', 'from', 2500, 9000, null],
    ['Kente stole for graduation', 'fixed', 200, 600, null],
  ],
  'shoe-repair': [
    ['Sole replacement', 'fixed', 50, 150, null],
    ['Shoe cleaning and polishing', 'fixed', 20, 60, 30],
  ],
  moving: [
    ['House moving within the city', 'from', 1200, 4500, null],
    ['Office relocation', 'from', 3000, 12000, null],
  ],
  delivery: [
    ['Same-day errand and delivery', 'from', 30, 120, null],
    ['Market run', 'fixed', 60, 150, 120],
  ],
  'auto-mechanic': [
    ['Car servicing', 'from', 350, 1200, 180],
    ['Engine diagnostics', 'fixed', 150, 400, 60],
  ],
  'car-wash': [
    ['Mobile car wash', 'fixed', 50, 120, 60],
    ['Interior detailing', 'from', 250, 700, 180],
  ],
  childcare: [
    ['Babysitting', 'hourly', 30, 80, null],
    ['Full-time nanny', 'from', 1500, 3500, null],
  ],
  'elderly-care': [
    ['Home care visits', 'hourly', 50, 120, null],
    ['Live-in caregiver', 'from', 2500, 6000, null],
  ],
  fitness: [
    ['Personal training session', 'hourly', 100, 300, 60],
    ['Group fitness class', 'fixed', 40, 100, 60],
  ],
  cooking: [
    ['Private cook for events', 'from', 600, 2500, null],
    ['Weekly meal preparation', 'from', 500, 1500, null],
  ],
  accounting: [
    ['Bookkeeping (monthly)', 'from', 800, 3000, null],
    ['GRA tax filing', 'from', 500, 2000, null],
  ],
  legal: [
    ['Land search and documents', 'from', 1500, 6000, null],
    ['Contract review', 'from', 800, 3000, null],
  ],
  printing: [
    ['Banner printing', 'from', 150, 800, null],
    ['Branded T-shirts (per piece)', 'fixed', 45, 120, null],
  ],
  translation: [
    ['Document translation (per page)', 'fixed', 80, 250, null],
    ['Interpreting', 'hourly', 150, 400, null],
  ],
};

/** Bio openings and closings the seed combines with a provider's trade and city. */
export const BIO_OPENINGS = [
  'Trusted {trade} professional in {city} with {years} years of experience.',
  'I offer neat and reliable {trade} across {city} and nearby areas.',
  '{years} years of {trade} for homes and businesses in {city}.',
  'Friendly, punctual {trade} in {city}. I treat every job like it is for my own family.',
  'Certified {trade} serving {city}: quality work at fair prices.',
] as const;

export const BIO_CLOSINGS = [
  'Call or message me to book.',
  'Available for home visits.',
  'Quick response and honest prices.',
  'Mobile money accepted.',
  'Weekend appointments available.',
  '',
] as const;

export const BUSINESS_SUFFIXES = [
  'Works', 'Enterprise', 'Services', 'Ventures', 'Hub', 'Studio', 'Solutions', 'and Sons',
] as const;

/**
 * What demo customers wrote about demo providers, by the stars they gave. `{first}` is the
 * provider's first name, `{service}` the service booked (lower case), `{area}` where it was done.
 */
export const REVIEW_TEXTS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: [
    '{first} came on time and finished the {service} the same day. Very neat work, I will call again.',
    'Excellent job. {first} explained everything before starting and the price did not change. Highly recommended in {area}.',
    'I have used many people for {service} but {first} is the best so far. Patient and careful.',
    'Top work! {first} even cleaned up after. My whole family is happy.',
    'Very professional. We agreed on the price on WhatsApp and {first} kept to it. Ayekoo!',
    'Came all the way to {area} in the rain and still did a perfect job. God bless you {first}.',
    '{first} is honest: told me which part I did not need to buy. Saved me money. Five stars.',
    'Fast, clean and respectful. I recommend {first} to anyone who needs {service}.',
    'My neighbours asked for the number after seeing the work. Well done {first}.',
    'Booked for {service} on a Saturday morning, done before noon. Exactly what I wanted.',
  ],
  4: [
    'Good work on the {service}. {first} came about 30 minutes late but called to say so.',
    'Happy with the result. The price was fair for {area}. Small mess left but nothing serious.',
    '{first} knows the job well. Took longer than planned but the finish is good.',
    'Reliable and polite. I would book again, maybe with a bit more notice next time.',
    'Nice job overall. Had to remind {first} about one small thing and it was fixed at once.',
    'Did the {service} well. Transport was added to the price but we had agreed on it before.',
    'Good value. {first} brought the right tools and materials. Four stars because of the delay.',
  ],
  3: [
    'The {service} is okay but not as neat as I hoped. {first} was friendly though.',
    'Work was fine, but {first} came a day later than we agreed. Communication can improve.',
    'Average. It does the job. I expected a bit more for the price.',
    '{first} started well but had to come back a second time to finish. It is fine now.',
  ],
  2: [
    'Came very late and rushed the {service}. I had to call someone else to finish part of it.',
    'Not happy with the finishing. {first} promised to return and took a week.',
  ],
  1: ['Did not turn up on the first day and the {service} had to be redone. Not recommended.'],
};
