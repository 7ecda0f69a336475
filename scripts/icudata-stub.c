/* ICU's common data, empty: what ICU's own `stubdata` library is, for the
 * fast release build (scripts/release-flags).
 *
 * libxml2 (FoundationXML, through which SWXMLHash reads OData's $metadata)
 * links Debian's ICU for character conversion, and ICU's data archive,
 * libicudata.a, is one 31 MB table of every converter, locale and break
 * rule. libxml2 reads UTF-8, UTF-16, ISO-8859-1 and ASCII itself and asks
 * ICU only for other encodings; ICU's algorithmic converters need no data
 * either. So the release build links this header of an empty archive in
 * its place: a document in such an encoding is refused as an unsupported
 * encoding (one line, like any unreadable $metadata) instead of costing
 * every install 31 MB. Foundation keeps its own, separate ICU and data.
 *
 * ICU_DATA_SYMBOL is the versioned name the real archive defines
 * (icudt72_dat for ICU 72), passed by scripts/release-flags.
 */
#include <stdint.h>

#ifndef ICU_DATA_SYMBOL
#error "ICU_DATA_SYMBOL (the real libicudata.a's symbol, e.g. icudt72_dat) is not set"
#endif

/* The layout of ICU's stubdata.h: a MappedData header, a UDataInfo, eight
 * bytes of padding, then a table of contents with no entries. */
struct icu_empty_common_data {
    uint16_t headerSize;
    uint8_t magic1, magic2;
    struct {
        uint16_t size, reservedWord;
        uint8_t isBigEndian, charsetFamily, sizeofUChar, reservedByte;
        uint8_t dataFormat[4], formatVersion[4], dataVersion[4];
    } info;
    char padding[8];
    uint32_t count, reserved;
    uint64_t fakeNameAndData[2];
};

const struct icu_empty_common_data ICU_DATA_SYMBOL = {
    32, 0xda, 0x27,
    {20, 0, 0 /* little-endian */, 0 /* ASCII family */, 2, 0, {0x54, 0x6f, 0x43, 0x50} /* "ToCP" */, {1, 0, 0, 0},
     {0, 0, 0, 0}},
    {0, 0, 0, 0, 0, 0, 0, 0},
    0, 0,
    {0, 0},
};
