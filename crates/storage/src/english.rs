//! What the client says, in English, for its own unit tests only: they read the words a person would, from the
//! app's English message files (Fluent is a dev-dependency; the client itself words nothing).

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};

use crate::words::{Arg, Said};

thread_local! {
    static ENGLISH: FluentBundle<FluentResource> = english_bundle();
}

fn english_bundle() -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new(vec!["en".parse().expect("a language tag")]);
    bundle.set_use_isolating(false);
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../locales/en");
    for file in std::fs::read_dir(folder).expect("the English message files") {
        let text = std::fs::read_to_string(file.expect("a message file").path()).expect("a message file");
        let resource = FluentResource::try_new(text).expect("a message file that parses");
        bundle.add_resource(resource).expect("no message twice");
    }
    bundle
}

/// `said` in English (numbers as Fluent writes them, ungrouped).
pub(crate) fn english(said: &Said) -> String {
    match said {
        Said::Text(text) => text.clone(),
        Said::Parts(parts) => parts.iter().map(english).collect(),
        Said::Message { id, args } => {
            let mut fluent = FluentArgs::new();
            for (name, value) in args {
                match value {
                    Arg::Text(text) => fluent.set(name.clone(), text.clone()),
                    Arg::Number(n) => fluent.set(name.clone(), *n),
                    Arg::Said(inner) => fluent.set(name.clone(), english(inner)),
                }
            }
            ENGLISH.with(|bundle| {
                let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
                    return id.to_string();
                };
                bundle
                    .format_pattern(pattern, Some(&fluent), &mut Vec::new())
                    .into_owned()
            })
        }
    }
}
