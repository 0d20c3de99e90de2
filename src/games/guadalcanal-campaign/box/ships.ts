/**
 * Ships (2.3, 5.3B): each ship's ratings MG main guns, AA light guns, TT torpedoes, CC cargo or
 * aircraft capacity, MS maximum speed and DF defence factor were on the disk and no public source
 * holds them. They are rebuilt here by class from the historical ships, on the scale the rules
 * imply (the brief's section 8): MS in real knots (submarines 10 or 15, 14.0); MG counts guns of
 * 5.5 inches and up (destroyers and CLAAs have none: 9.1A has no destroyer gun), TT the torpedoes
 * carried with reloads (12 or more fire half a salvo, 8.2C), CC aircraft for carriers and cargo
 * units for the rest, DF by class in the bands that make 9.3D's thresholds (25, 15) and 9.1A's
 * damage averages bite as the historical battles did. The ship types are printed (2.3).
 */
import { rebuilt } from './source';

export const SHIP_TYPES = ['CV', 'CVL', 'BB', 'CA', 'CL', 'CLAA', 'CS', 'DD', 'DMS', 'APD', 'TR', 'TK', 'ML', 'SS'] as const;
export type ShipType = (typeof SHIP_TYPES)[number];

export interface ShipClass {
  readonly side: 'american' | 'japanese';
  readonly type: ShipType;
  readonly mg: number;
  readonly aa: number;
  readonly tt: number;
  readonly cc: number;
  readonly ms: number;
  readonly df: number;
}

const cls = (side: ShipClass['side'], type: ShipType, r: [number, number, number, number, number, number], why: string) =>
  rebuilt<ShipClass>({ side, type, mg: r[0], aa: r[1], tt: r[2], cc: r[3], ms: r[4], df: r[5] }, `rebuilt (disk lost): ${why}`);
const US = 'american' as const;
const IJN = 'japanese' as const;

/** Ratings [MG, AA, TT, CC, MS, DF] by class. */
export const CLASSES = {
  'yorktown-cv': cls(US, 'CV', [0, 14, 0, 85, 33, 45], 'Yorktown class, 85-90 aircraft, 33 knots'),
  'lexington-cv': cls(US, 'CV', [0, 16, 0, 90, 33, 55], 'Lexington class, the largest US carriers of 1942'),
  'wasp-cv': cls(US, 'CV', [0, 10, 0, 76, 29, 35], 'Wasp, a lighter carrier, 29 knots'),
  'north-carolina-bb': cls(US, 'BB', [9, 20, 0, 0, 28, 80], 'North Carolina class, nine 16-inch guns'),
  'south-dakota-bb': cls(US, 'BB', [9, 22, 0, 0, 27, 80], 'South Dakota, nine 16-inch guns'),
  'treaty-ca': cls(US, 'CA', [9, 8, 0, 0, 32, 32], 'New Orleans, Northampton, Portland classes: nine 8-inch guns'),
  'pensacola-ca': cls(US, 'CA', [10, 8, 0, 0, 32, 28], 'Pensacola class, ten 8-inch guns, thin armour'),
  'kent-ca': cls(US, 'CA', [8, 6, 8, 0, 31, 30], 'HMAS Australia and Canberra, eight 8-inch guns and torpedoes'),
  'brooklyn-cl': cls(US, 'CL', [15, 10, 0, 0, 32, 28], 'Brooklyn and St Louis classes, fifteen 6-inch guns'),
  'leander-cl': cls(US, 'CL', [8, 6, 8, 0, 32, 22], 'HMAS Hobart, eight 6-inch guns'),
  'atlanta-claa': cls(US, 'CLAA', [0, 20, 8, 0, 33, 20], 'Atlanta class, sixteen 5-inch guns counted as AA'),
  'bagley-dd': cls(US, 'DD', [0, 4, 16, 0, 36, 9], 'Bagley class, sixteen torpedo tubes'),
  'mahan-dd': cls(US, 'DD', [0, 5, 12, 0, 36, 9], 'Mahan class, twelve tubes'),
  'fletcher-dd': cls(US, 'DD', [0, 6, 10, 0, 36, 11], 'Fletcher class, ten tubes'),
  'us-dd': cls(US, 'DD', [0, 5, 8, 0, 35, 9], 'Farragut, Porter, Sims, Benson and Gleaves classes, eight tubes'),
  'us-dms': cls(US, 'DMS', [0, 3, 0, 1, 28, 7], 'flush-deck minesweepers, one cargo unit'),
  'us-apd': cls(US, 'APD', [0, 3, 0, 2, 25, 7], 'flush-deck destroyer transports, a Marine raider company or two'),
  'us-tr': cls(US, 'TR', [0, 4, 0, 8, 15, 14], 'attack transports and cargo ships, 15 knots'),
  'us-tk': cls(US, 'TK', [0, 4, 0, 0, 18, 14], 'fleet oilers Neosho and Tippecanoe'),
  's-ss': cls(US, 'SS', [0, 0, 12, 0, 10, 6], 'S-boats, 10 knots (14.0 names 10-knot submarines)'),
  'fleet-ss': cls(US, 'SS', [0, 0, 24, 0, 15, 8], 'fleet submarines, 15 knots (14.0)'),
  'shokaku-cv': cls(IJN, 'CV', [0, 12, 0, 72, 34, 45], 'Shokaku class, 72 aircraft, 34 knots'),
  'hiyo-cv': cls(IJN, 'CV', [0, 10, 0, 53, 25, 40], 'Junyo and Hiyo, converted liners, 25 knots'),
  'ryujo-cvl': cls(IJN, 'CVL', [0, 8, 0, 37, 29, 25], 'Ryujo, 37 aircraft'),
  'zuiho-cvl': cls(IJN, 'CVL', [0, 6, 0, 30, 28, 22], 'Zuiho and Shoho, 30 aircraft'),
  'yamato-bb': cls(IJN, 'BB', [9, 12, 0, 0, 27, 95], 'Yamato, nine 18-inch guns (9.1A names her gun)'),
  'nagato-bb': cls(IJN, 'BB', [8, 8, 0, 0, 25, 75], 'Mutsu, eight 16-inch guns (9.1A names her gun)'),
  'kongo-bb': cls(IJN, 'BB', [8, 8, 0, 0, 30, 60], 'Kongo class fast battleships, eight 14-inch guns'),
  'heavy-ca': cls(IJN, 'CA', [10, 6, 24, 0, 34, 34], 'Myoko, Takao and Mogami classes, ten 8-inch guns and 24-inch torpedoes'),
  'tone-ca': cls(IJN, 'CA', [8, 6, 24, 0, 35, 32], 'Tone and Chikuma, eight 8-inch guns; 3 float planes each (7.1E)'),
  'old-ca': cls(IJN, 'CA', [6, 4, 16, 0, 33, 28], 'Furutaka and Aoba classes, six 8-inch guns'),
  'old-cl': cls(IJN, 'CL', [4, 2, 12, 0, 33, 18], 'Tenryu class, four 5.5-inch guns'),
  'light-cl': cls(IJN, 'CL', [7, 3, 16, 0, 35, 22], '5,500-ton cruisers and Yubari, six or seven 5.5-inch guns'),
  'ijn-cs': cls(IJN, 'CS', [0, 4, 0, 6, 28, 20], 'seaplane tenders, which also ran cargo; 3 float planes each (7.1E)'),
  'fleet-dd': cls(
    IJN,
    'DD',
    [0, 4, 16, 1, 35, 12],
    'Fubuki to Yugumo classes, 24-inch torpedoes with reloads; one cargo unit on Tokyo Express runs (14.0); DF 12 (10 before), the top of the DD band, calibrated by simulation against the night battles (surface-calibration.spec.ts, README): 2,000-2,500-ton destroyers, larger than the US ones (DF 9-11), so that sinking at 55% of DF does not sweep the Tokyo Express away at Tassafaronga',
  ),
  'old-dd': cls(IJN, 'DD', [0, 3, 12, 1, 33, 8], 'Mutsuki and Kamikaze classes'),
  'ijn-apd': cls(IJN, 'APD', [0, 2, 0, 2, 20, 7], 'patrol boats converted to fast transports'),
  'ijn-tr': cls(IJN, 'TR', [0, 2, 0, 8, 13, 12], 'transports (Maru), 13 knots'),
  'ijn-ml': cls(IJN, 'ML', [0, 3, 0, 0, 20, 12], 'minelayers of the Port Moresby operation'),
  'i-ss': cls(IJN, 'SS', [0, 0, 18, 0, 15, 8], 'large I-boats, 15 knots'),
  'ro-ss': cls(IJN, 'SS', [0, 0, 10, 0, 10, 6], 'RO-boats, 10 knots'),
};
export type ClassId = keyof typeof CLASSES;

const names = (list: string) => list.split(',').map((n) => n.trim());

/**
 * Every ship by class, historical names. The order within a type is the order scenarios draw their
 * ships in (scenarios.ts): the ships that served earliest first.
 */
const ROSTER_SPEC: Record<ClassId, string> = {
  'yorktown-cv': 'Enterprise, Hornet, Yorktown',
  'lexington-cv': 'Saratoga, Lexington',
  'wasp-cv': 'Wasp',
  'north-carolina-bb': 'North Carolina, Washington',
  'south-dakota-bb': 'South Dakota',
  'treaty-ca': 'Astoria, Quincy, Vincennes, San Francisco, Minneapolis, New Orleans, Portland, Chicago, Northampton, Chester',
  'pensacola-ca': 'Salt Lake City, Pensacola',
  'kent-ca': 'Australia, Canberra',
  'leander-cl': 'Hobart',
  'brooklyn-cl': 'Helena, Boise, Honolulu',
  'atlanta-claa': 'San Juan, Atlanta, Juneau, San Diego',
  'bagley-dd': 'Blue, Helm, Ralph Talbot, Patterson, Jarvis, Bagley, Mugford, Henley',
  'mahan-dd': 'Mahan, Cummings, Preston, Lamson, Drayton, Perkins, Smith, Conyngham, Shaw',
  'fletcher-dd': "Fletcher, O'Bannon, Nicholas, De Haven",
  'us-dd':
    'Selfridge, Wilson, Ellet, Monssen, Buchanan, Hull, Dewey, Farragut, Aylwin, MacDonough, Phelps, Worden, Dale, Balch, Benham, Maury, Gwin, Grayson, Monaghan, Laffey, Sterett, Aaron Ward, Barton, Cushing, Lardner, McCalla, Duncan, Farenholt, Meredith, Anderson, Hammann, Morris, Russell, Mustin, Hughes, Porter, Walke, Sims, Lansdowne',
  'us-dms': 'Hopkins, Trever, Zane, Southard, Hovey, Dorsey',
  'us-apd': 'Little, Gregory, Colhoun, McKean, Manley, Stringham',
  'us-tr':
    'McCawley, Barnett, George F. Elliott, Hunter Liggett, American Legion, Fuller, Neville, Zeilin, Heywood, President Jackson, President Adams, President Hayes, Crescent City, Alchiba, Alhena, Betelgeuse, Libra, Fomalhaut, Bellatrix, Arthur Middleton',
  'us-tk': 'Tippecanoe, Neosho',
  's-ss': 'S-38, S-39, S-41, S-42, S-43, S-44, S-46, S-47',
  'fleet-ss': 'Amberjack, Grouper, Growler, Grampus, Guardfish, Gato, Greenling, Flying Fish, Drum, Seadragon, Sculpin, Albacore, Tautog',
  'shokaku-cv': 'Shokaku, Zuikaku',
  'hiyo-cv': 'Junyo, Hiyo',
  'ryujo-cvl': 'Ryujo',
  'zuiho-cvl': 'Zuiho, Shoho',
  'yamato-bb': 'Yamato',
  'nagato-bb': 'Mutsu',
  'kongo-bb': 'Hiei, Kirishima, Kongo, Haruna',
  'heavy-ca': 'Chokai, Myoko, Haguro, Takao, Atago, Maya, Suzuya, Kumano',
  'tone-ca': 'Tone, Chikuma',
  'old-ca': 'Aoba, Kinugasa, Kako, Furutaka',
  'old-cl': 'Tenryu, Tatsuta',
  'light-cl': 'Yubari, Jintsu, Sendai, Nagara, Yura, Isuzu',
  'ijn-cs': 'Chitose, Chiyoda, Nisshin, Kamikawa Maru',
  'fleet-dd':
    'Fubuki, Shirayuki, Hatsuyuki, Murakumo, Uranami, Ayanami, Shikinami, Asagiri, Amagiri, Yugiri, Akebono, Oboro, Sazanami, Ushio, Akatsuki, Hibiki, Ikazuchi, Inazuma, Hatsuharu, Wakaba, Hatsushimo, Ariake, Yugure, Shiratsuyu, Shigure, Murasame, Yudachi, Harusame, Samidare, Umikaze, Yamakaze, Kawakaze, Suzukaze, Asashio, Oshio, Michishio, Arashio, Asagumo, Kagero, Shiranui, Kuroshio, Oyashio, Hatsukaze, Yukikaze, Amatsukaze, Tokitsukaze, Urakaze, Isokaze, Hamakaze, Tanikaze, Nowaki, Arashi, Hagikaze, Maikaze, Akigumo, Makigumo, Yugumo, Kazagumo, Naganami, Takanami, Makinami, Teruzuki',
  'old-dd': 'Mutsuki, Yayoi, Uzuki, Mochizuki, Mikazuki, Yuzuki, Satsuki, Minazuki, Fumizuki, Nagatsuki, Yunagi',
  'ijn-apd': 'Patrol Boat 1, Patrol Boat 2, Patrol Boat 34, Patrol Boat 35',
  'ijn-tr':
    'Kinryu Maru, Boston Maru, Daifuku Maru, Kyushu Maru, Sado Maru, Nagara Maru, Canberra Maru, Brisbane Maru, Kumagawa Maru, Arizona Maru, Nako Maru, Hirokawa Maru, Yamaura Maru, Yamatsuki Maru, Shinanogawa Maru, Azumasan Maru, Sasago Maru, Meizan Maru',
  'ijn-ml': 'Okinoshima, Tsugaru, Koei Maru',
  'i-ss':
    'I-9, I-11, I-15, I-17, I-19, I-21, I-22, I-24, I-26, I-31, I-121, I-122, I-123, I-156, I-157, I-158, I-159, I-165, I-166, I-168, I-169, I-171, I-172, I-174, I-175, I-176, I-20, I-16',
  'ro-ss': 'RO-33, RO-34',
};

export interface ShipData {
  readonly name: string;
  readonly cls: ClassId;
}

export const SHIPS = Object.entries(ROSTER_SPEC).flatMap(([c, list]) =>
  names(list).map((name) =>
    rebuilt<ShipData>(
      { name, cls: c as ClassId },
      'rebuilt: a ship of 1942 in the Solomons or the Coral Sea, of the type and class history gives it (the roster was on the disk)',
    ),
  ),
);
