#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| tessera::fuzzing::odata_filter(data));
