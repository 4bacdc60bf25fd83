/* Its only pragma is in a range the preprocessor skips: not refused. */
#ifdef STRADS_NEVER_DEFINED
#pragma strads dvector
#endif
#define NV 10
