// corpus_fresh5 cs_qrng_generator: the direction table of the generator, 3 dimensions x 31 bits,
// shared by the kernel and its reference. The CUDA sample fills its c_Table with Niederreiter
// base-2 direction numbers computed on the host; these are Sobol direction numbers (Joe-Kuo
// dimensions 1-3, left-aligned), which give the same kernel the same work.
#define QRNG_DIMENSIONS 3
#define QRNG_RESOLUTION 31
#define QRNG_TABLE_VALUES                                                                           \
  {                                                                                                 \
    {0x80000000u, 0x40000000u, 0x20000000u, 0x10000000u, 0x08000000u, 0x04000000u, 0x02000000u,     \
     0x01000000u, 0x00800000u, 0x00400000u, 0x00200000u, 0x00100000u, 0x00080000u, 0x00040000u,     \
     0x00020000u, 0x00010000u, 0x00008000u, 0x00004000u, 0x00002000u, 0x00001000u, 0x00000800u,     \
     0x00000400u, 0x00000200u, 0x00000100u, 0x00000080u, 0x00000040u, 0x00000020u, 0x00000010u,     \
     0x00000008u, 0x00000004u, 0x00000002u},                                                        \
        {0x80000000u, 0xc0000000u, 0xa0000000u, 0xf0000000u, 0x88000000u, 0xcc000000u, 0xaa000000u, \
         0xff000000u, 0x80800000u, 0xc0c00000u, 0xa0a00000u, 0xf0f00000u, 0x88880000u, 0xcccc0000u, \
         0xaaaa0000u, 0xffff0000u, 0x80008000u, 0xc000c000u, 0xa000a000u, 0xf000f000u, 0x88008800u, \
         0xcc00cc00u, 0xaa00aa00u, 0xff00ff00u, 0x80808080u, 0xc0c0c0c0u, 0xa0a0a0a0u, 0xf0f0f0f0u, \
         0x88888888u, 0xccccccccu, 0xaaaaaaaau},                                                    \
    {                                                                                               \
      0x80000000u, 0xc0000000u, 0x60000000u, 0x90000000u, 0xe8000000u, 0x5c000000u, 0x8e000000u,    \
          0xc5000000u, 0x68800000u, 0x9cc00000u, 0xee600000u, 0x55900000u, 0x80680000u,             \
          0xc09c0000u, 0x60ee0000u, 0x90550000u, 0xe8808000u, 0x5cc0c000u, 0x8e606000u,             \
          0xc5909000u, 0x6868e800u, 0x9c9c5c00u, 0xeeee8e00u, 0x5555c500u, 0x8000e880u,             \
          0xc0005cc0u, 0x60008e60u, 0x9000c590u, 0xe8006868u, 0x5c009c9cu, 0x8e00eeeeu              \
    }                                                                                               \
  }
// The sample's output scale: (result + 1) / (2^31 + 1) as float
#define QRNG_INT_SCALE (1.0f / (float)0x80000001U)
