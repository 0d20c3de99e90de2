/**
 * Air search (7.1-7.2). The float planes' range is printed (7.1F); the odds of a sighting and of a
 * wrong report are not (the Apple II program computed them and the disk is lost), so they are
 * rebuilt here, each with its reason.
 */
import { printed, rebuilt } from './source';

export const SEARCH = {
  floatRange: printed(20, '7.1F'),
  /** float planes each ship type launches (7.1E); Tone, Chikuma and every CS launch 3 */
  shipFloatPlanes: printed({ BB: 1, CA: 1, CL: 1, CLAA: 1, CS: 3 }, '7.1E'),
  threePlaneClasses: printed(['tone-ca'], '7.1E'),
  /** a search group sights a TF in range on a d6 of at most ceil(planes / planesPerPip), never above maxPips */
  planesPerPip: rebuilt(
    2,
    "rebuilt: the rules print no sighting odds (7.1); one chance in six per two planes lets a base's 10 float planes (7.1D) find a TF in range 5 times in 6 and a lone cruiser's plane once in 6; bombers on search or sub search (7.1C) roll on the same odds, a plane being a plane",
  ),
  maxPips: rebuilt(5, 'rebuilt: a search is never certain (7.2B says reports may be wrong, so they may also miss): at most 5 in 6'),
  /** 7.2B: each ship is reported as another type on a d6 of 1; the count is one short on a 1, one over on a 6 */
  misidentifyOn: rebuilt(1, 'rebuilt: 7.2B says reported types and counts may be wrong without odds; one in six is the reading'),
  mistaken: rebuilt(
    {
      CV: 'BB',
      CVL: 'CV',
      BB: 'CA',
      CA: 'CL',
      CL: 'DD',
      CLAA: 'CL',
      CS: 'TR',
      DD: 'CL',
      DMS: 'DD',
      APD: 'DD',
      TR: 'TK',
      TK: 'TR',
      ML: 'DD',
      SS: 'DD',
    },
    'rebuilt: 7.2B names no mistakes; each type is taken for the one nearest in size, as 1942 search crews often did',
  ),
};
