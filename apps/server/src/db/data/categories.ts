/** The Ghanaian service categories Adwuma starts with, grouped. Slugs are stable identifiers. */
export interface CategoryGroupSeed {
  slug: string;
  name: string;
  categories: readonly (readonly [slug: string, name: string, description: string])[];
}

export const CATEGORY_GROUPS: readonly CategoryGroupSeed[] = [
  {
    slug: 'beauty',
    name: 'Beauty and personal care',
    categories: [
      ['hair-braiding', 'Hair braiding', 'Box braids, cornrows, twists and lines, at home or in the salon.'],
      ['hairdressing', 'Hairdressing', 'Relaxing, treatments, wig installs and styling.'],
      ['barbering', 'Barbering', 'Haircuts, fades and beard grooming.'],
      ['makeup', 'Makeup artistry', 'Bridal, event and photoshoot makeup.'],
      ['nails', 'Nail care', 'Manicures, pedicures, gel and acrylic nails.'],
      ['massage', 'Massage and spa', 'Relaxing and therapeutic massage at home.'],
      ['lash-brow', 'Lashes and brows', 'Lash extensions, brow shaping and tinting.'],
    ],
  },
  {
    slug: 'home',
    name: 'Home services',
    categories: [
      ['plumbing', 'Plumbing', 'Leaks, pipes, water tanks, pumps and bathroom fittings.'],
      ['electrical', 'Electrical work', 'Wiring, sockets, lighting and prepaid meter issues.'],
      ['house-cleaning', 'House cleaning', 'Regular, deep and move-out cleaning.'],
      ['laundry', 'Laundry and ironing', 'Wash, dry, iron, pick-up and delivery.'],
      ['painting', 'Painting', 'Interior and exterior painting and decoration.'],
      ['carpentry', 'Carpentry', 'Doors, cabinets, roofing timber and repairs.'],
      ['masonry', 'Masonry and tiling', 'Blockwork, plastering and tiling.'],
      ['ac-repair', 'Air-conditioning', 'AC installation, servicing and repair.'],
      ['fumigation', 'Fumigation and pest control', 'Mosquitoes, termites, rodents and bed bugs.'],
      ['gardening', 'Gardening and landscaping', 'Lawn care, hedges and compound upkeep.'],
      ['appliance-repair', 'Appliance repair', 'Fridges, freezers, washing machines and cookers.'],
      ['welding', 'Welding and metalwork', 'Gates, burglar-proofing and fabrication.'],
      ['borehole', 'Borehole and water', 'Drilling, pumps and water treatment.'],
      ['solar', 'Solar installation', 'Solar panels, inverters and batteries.'],
    ],
  },
  {
    slug: 'education',
    name: 'Education and lessons',
    categories: [
      ['tutoring-primary', 'Primary tutoring', 'Maths, English and science for primary pupils.'],
      ['tutoring-jhs-shs', 'JHS and SHS tutoring', 'BECE and WASSCE preparation in every subject.'],
      ['languages', 'Language lessons', 'Twi, Ga, Ewe, French and English lessons.'],
      ['music-lessons', 'Music lessons', 'Piano, guitar, drums and voice.'],
      ['coding-lessons', 'Coding lessons', 'Programming for children and adults.'],
      ['driving-lessons', 'Driving lessons', 'Learner driving with licensed instructors.'],
    ],
  },
  {
    slug: 'events',
    name: 'Events',
    categories: [
      ['catering', 'Catering', 'Local and continental dishes for any gathering.'],
      ['event-planning', 'Event planning', 'Weddings, engagements, funerals and parties.'],
      ['decoration', 'Event decoration', 'Canopies, chairs, flowers and themed decor.'],
      ['photography', 'Photography', 'Events, portraits and products.'],
      ['videography', 'Videography', 'Event coverage, music videos and adverts.'],
      ['dj-mc', 'DJs and MCs', 'Music and hosting for every occasion.'],
      ['baking', 'Cakes and baking', 'Birthday, wedding and custom cakes.'],
    ],
  },
  {
    slug: 'tech',
    name: 'Tech and digital',
    categories: [
      ['phone-repair', 'Phone repair', 'Screens, batteries and charging ports.'],
      ['computer-repair', 'Computer repair', 'Laptops and desktops, hardware and software.'],
      ['web-development', 'Web development', 'Websites and online shops.'],
      ['graphic-design', 'Graphic design', 'Logos, flyers, branding and social media designs.'],
      ['social-media', 'Social media management', 'Content, ads and community management.'],
      ['cctv', 'CCTV and security systems', 'Cameras, alarms and access control.'],
    ],
  },
  {
    slug: 'fashion',
    name: 'Fashion and tailoring',
    categories: [
      ['tailoring', 'Tailoring and dressmaking', 'Kaba and slit, suits and made-to-measure clothing.'],
      ['kente-weaving', 'Kente weaving', 'Authentic handwoven kente for every occasion.'],
      ['shoe-repair', 'Shoe repair', 'Soles, stitching and polishing.'],
    ],
  },
  {
    slug: 'transport',
    name: 'Moving and transport',
    categories: [
      ['moving', 'Moving and relocation', 'Packing, loading and moving houses and offices.'],
      ['delivery', 'Errands and delivery', 'Pick-ups, drop-offs and market runs.'],
      ['auto-mechanic', 'Auto mechanics', 'Servicing, diagnostics and repairs.'],
      ['car-wash', 'Car wash and detailing', 'Mobile car washing and interior cleaning.'],
    ],
  },
  {
    slug: 'care',
    name: 'Care and wellness',
    categories: [
      ['childcare', 'Childcare and nannies', 'Trusted babysitters and nannies.'],
      ['elderly-care', 'Elderly care', 'Companionship and home care for elders.'],
      ['fitness', 'Personal training', 'Fitness coaching at home or outdoors.'],
      ['cooking', 'Home cooking', 'Private cooks and meal preparation.'],
    ],
  },
  {
    slug: 'business',
    name: 'Business services',
    categories: [
      ['accounting', 'Accounting and tax', 'Bookkeeping, GRA filings and audits.'],
      ['legal', 'Legal assistance', 'Documents, land searches and advice.'],
      ['printing', 'Printing and branding', 'Banners, T-shirts, cards and signage.'],
      ['translation', 'Translation', 'Documents and interpreting in local and foreign languages.'],
    ],
  },
];
